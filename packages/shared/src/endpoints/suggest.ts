import { SuggestQuerySchema, SuggestSchema } from '../schemas/suggest.js';
import { endpointMap } from './define.js';

export const suggestEndpoints = endpointMap({
  'GET /Product/Suggest': {
    tags: ['products'], access: 'public', query: SuggestQuerySchema, response: SuggestSchema,
    summary: 'Suggestions while typing (two letters or more): the best products, categories and brands for the words so far',
  },
});
