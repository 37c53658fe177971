import {
  SlideFormSchema, SlideSchema, SlideUpdateSchema, SliderByCategoryQuerySchema, SliderListQuerySchema,
  StoreSettingsSchema, StoreSettingsUpdateSchema,
} from '../schemas/content.js';
import { IdQuerySchema, OkDataSchema, paged } from '../schemas/common.js';
import { endpointMap } from './define.js';

const slider = { tags: ['slider'] } as const;
const settings = { tags: ['settings'], response: StoreSettingsSchema } as const;

export const contentEndpoints = endpointMap({
  'GET /Slider/Get': {
    ...slider, access: 'public', summary: 'Slides (kind=slide) or banners (kind=banner); inactive ones only for admins',
    query: SliderListQuerySchema, response: paged(SlideSchema),
  },
  'GET /Slider/GetByCId': {
    ...slider, access: 'public', summary: 'Active slides of a category', query: SliderByCategoryQuerySchema, response: paged(SlideSchema),
  },
  'POST /Slider': {
    ...slider, access: 'admin:content', summary: 'Add a slide or banner (multipart: ImageFile)', form: SlideFormSchema, response: SlideSchema,
  },
  'PUT /Slider': {
    ...slider, access: 'admin:content', summary: 'Edit a slide (multipart: ImageFile optional)', form: SlideUpdateSchema, response: SlideSchema,
  },
  'DELETE /Slider': { ...slider, access: 'admin:content', query: IdQuerySchema, response: OkDataSchema },

  'GET /Settings': { ...settings, access: 'public', summary: 'Store name, contact, shipping fee, FAQ' },
  'PUT /Settings': { ...settings, access: 'admin:settings', body: StoreSettingsUpdateSchema },
});
