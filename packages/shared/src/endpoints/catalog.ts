import { z } from 'zod';
import {
  AttributeFormSchema, AttributeSchema, AttributeUpdateSchema, BrandFormSchema, BrandSchema, BrandUpdateSchema,
  CategoryAttributesQuerySchema, CategoryFormSchema, CategorySchema, CategoryUpdateSchema, GalleryImageSchema,
  GalleryParamsSchema, GalleryUploadSchema, ProductDeleteResultSchema, ProductDetailSchema, ProductFormSchema,
  ProductCountQuerySchema, ProductCountSchema, ProductFacetsQuerySchema, ProductFacetsSchema,
  ProductListItemSchema, ProductListQuerySchema, ProductOffQuerySchema, ProductRateQuerySchema, ProductUpdateSchema,
} from '../schemas/catalog.js';
import { IdQuerySchema, OkDataSchema, ProductPagingQuerySchema, paged } from '../schemas/common.js';
import { ProductDraftSchema, ProductIdSchema } from '../schemas/variants.js';
import { ProductAdminQuerySchema } from '../schemas/product-desk.js';
import { endpointMap } from './define.js';

const categories = { tags: ['categories'] } as const;
const brands = { tags: ['brands'] } as const;
const products = { tags: ['products'] } as const;
const gallery = { tags: ['gallery'] } as const;
const productList = { ...products, access: 'public', query: ProductPagingQuerySchema, response: paged(ProductListItemSchema) } as const;

export const catalogEndpoints = endpointMap({
  /* ---------- categories ---------- */
  'GET /Category/GetCategories': {
    ...categories, access: 'public', summary: 'The whole category tree, children nested', response: z.array(CategorySchema),
  },
  'GET /Category/GetDesendOfLevel': {
    ...categories, access: 'public', summary: 'Children of a category', query: IdQuerySchema, response: z.array(CategorySchema),
  },
  'GET /Category/GetAttByCId': {
    ...categories, access: 'public', summary: 'Attributes of a category', query: CategoryAttributesQuerySchema, response: z.array(AttributeSchema),
  },
  'POST /Category/Create': {
    ...categories, access: 'admin:catalog', summary: 'Create a category (multipart, iconFile)', form: CategoryFormSchema, response: CategorySchema,
  },
  'PUT /Category/Update': {
    ...categories, access: 'admin:catalog', summary: 'Update a category (multipart, iconFile)', form: CategoryUpdateSchema, response: CategorySchema,
  },
  'DELETE /Category/DeleteCategory': {
    ...categories, access: 'admin:catalog', summary: 'Delete a category (409 while it has children or products)', query: IdQuerySchema, response: OkDataSchema,
  },
  'POST /Category/CreateAttribute': {
    ...categories, access: 'admin:catalog', summary: 'Create a category attribute', form: AttributeFormSchema, response: AttributeSchema,
  },
  'PUT /Category/UpdateCAttribute': {
    ...categories, access: 'admin:catalog', summary: 'Update a category attribute', form: AttributeUpdateSchema, response: AttributeSchema,
  },
  'DELETE /Category/DeleteCAttribute': {
    ...categories, access: 'admin:catalog', summary: 'Delete a category attribute', query: IdQuerySchema, response: OkDataSchema,
  },

  /* ---------- brands ---------- */
  'GET /Brand/GetAll': { ...brands, access: 'public', summary: 'All brands with their product counts', response: z.array(BrandSchema) },
  'POST /Brand/Create': { ...brands, access: 'admin:catalog', form: BrandFormSchema, response: BrandSchema },
  'PUT /Brand/Update': { ...brands, access: 'admin:catalog', form: BrandUpdateSchema, response: BrandSchema },
  'DELETE /Brand/Delete': { ...brands, access: 'admin:catalog', query: IdQuerySchema, response: OkDataSchema },

  /* ---------- products ---------- */
  'GET /Product/LastProducts': { ...productList, summary: 'Newest products' },
  'GET /Product/SuggestProducts': { ...productList, summary: 'Best sellers' },
  'GET /Product/PopularProducts': { ...productList, summary: 'Best rated' },
  'GET /Product/All': {
    ...productList, summary: 'Listing with filters, sort and Persian-aware search (Title)', query: ProductListQuerySchema,
  },
  'GET /Product/Count': {
    ...products, access: 'public', summary: 'How many products a listing\'s filters hold (the filter sheet\'s live count)',
    query: ProductCountQuerySchema, response: ProductCountSchema,
  },
  'GET /Product/Facets': {
    ...products, access: 'public', summary: 'A listing\'s brands (without its brand filter) and categories (without its category filter), with counts',
    query: ProductFacetsQuerySchema, response: ProductFacetsSchema,
  },
  'GET /Product/ById': {
    ...products, access: 'public', summary: 'One product with gallery and attributes', query: IdQuerySchema, response: ProductDetailSchema,
  },
  'POST /Product/Create': {
    ...products, access: 'admin:catalog', summary: 'Create a product (multipart: ImageFile, Attribute as JSON text)', form: ProductFormSchema, response: ProductDetailSchema,
  },
  'PUT /Product/Update': {
    ...products, access: 'admin:catalog', summary: 'Update a product (multipart)', form: ProductUpdateSchema, response: ProductDetailSchema,
  },
  'PUT /Product/ProductOff': {
    ...products, access: 'admin:catalog', summary: 'Set the discount percent', query: ProductOffQuerySchema, response: ProductDetailSchema,
  },
  'PUT /Product/ProductRate': {
    ...products, access: 'admin:catalog', summary: 'Set the rating (0–5)', query: ProductRateQuerySchema, response: ProductDetailSchema,
  },
  'GET /Product/Admin': {
    ...products, access: 'admin:catalog', summary: 'The admin\'s product table: the listing\'s filters, drafts included (status: draft | published), stock (low | none)',
    query: ProductAdminQuerySchema, response: paged(ProductListItemSchema),
  },
  'GET /Product/AdminById': {
    ...products, access: 'admin:catalog', summary: 'One product as the admin edits it (drafts too)', query: IdQuerySchema, response: ProductDetailSchema,
  },
  'PUT /Product/SetDraft': {
    ...products, access: 'admin:catalog', summary: 'Publish a draft, or take a product back to draft', body: ProductDraftSchema, response: ProductDetailSchema,
  },
  'POST /Product/Duplicate': {
    ...products, access: 'admin:catalog', summary: 'Copy a product as a new draft (no stock, no SKUs)', body: ProductIdSchema, response: ProductDetailSchema,
  },
  'DELETE /Product/Delete': {
    ...products, access: 'admin:catalog', summary: 'Delete a product (hidden instead when it was ever ordered)', query: IdQuerySchema, response: ProductDeleteResultSchema,
  },

  /* ---------- gallery ---------- */
  'GET /Gallery/:productId': { ...gallery, access: 'public', params: GalleryParamsSchema, response: z.array(GalleryImageSchema) },
  'POST /Gallery': {
    ...gallery, access: 'admin:catalog', summary: 'Upload gallery images (multipart: ProductId, ImageFiles…)', form: GalleryUploadSchema, response: z.array(GalleryImageSchema),
  },
  'DELETE /Gallery': { ...gallery, access: 'admin:catalog', query: IdQuerySchema, response: OkDataSchema },
});
