import { z } from 'zod';
import { IdQuerySchema, OkDataSchema } from '../schemas/common.js';
import {
  AddressFormSchema, AddressSchema, AddressUpdateSchema, CustomerAuthResultSchema, CustomerSchema, ProfileUpdateSchema,
  ProvinceSchema, SendCodeResultSchema, SendCodeSchema, VerifyCodeSchema,
} from '../schemas/customers.js';
import { endpointMap } from './define.js';

const tags = ['customers'] as const;
const pub = { access: 'public', tags } as const;
const customer = { access: 'customer', tags } as const;

export const customersEndpoints = endpointMap({
  'POST /Auth/SendCode': { ...pub, summary: 'Send a one-time login code by SMS', body: SendCodeSchema, response: SendCodeResultSchema },
  'POST /Auth/VerifyCode': {
    ...pub, summary: 'Check the code → customer session (also an httpOnly cookie); merges the guest cart',
    body: VerifyCodeSchema, response: CustomerAuthResultSchema,
  },
  'POST /Auth/Logout': { ...customer, response: OkDataSchema },
  'GET /Auth/Me': { ...customer, response: CustomerSchema },

  'GET /Profile': { ...customer, response: CustomerSchema },
  'PUT /Profile': { ...customer, body: ProfileUpdateSchema, response: CustomerSchema },

  'GET /Address': { ...customer, response: z.array(AddressSchema) },
  'GET /Address/ById': { ...customer, query: IdQuerySchema, response: AddressSchema },
  'POST /Address': { ...customer, body: AddressFormSchema, response: AddressSchema },
  'PUT /Address': { ...customer, body: AddressUpdateSchema, response: AddressSchema },
  'DELETE /Address': { ...customer, query: IdQuerySchema, response: OkDataSchema },

  'GET /Location/Provinces': {
    access: 'public', tags: ['locations'], summary: 'The 31 provinces of Iran with their cities', response: z.array(ProvinceSchema),
  },
});
