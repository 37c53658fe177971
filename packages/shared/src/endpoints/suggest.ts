import { DidYouMeanQuerySchema, DidYouMeanSchema, SuggestQuerySchema, SuggestSchema } from '../schemas/suggest.js';
import { endpointMap } from './define.js';

export const suggestEndpoints = endpointMap({
  'GET /Product/Suggest': {
    tags: ['products'], access: 'public', query: SuggestQuerySchema, response: SuggestSchema,
    summary: 'Suggestions while typing (two letters or more): the best products, categories and brands for the words so far',
  },
  'GET /Product/DidYouMean': {
    tags: ['products'], access: 'public', query: DidYouMeanQuerySchema, response: DidYouMeanSchema,
    summary: 'For a search with no result: up to five close searches (typos, words written together, words left out) that find products',
  },
});
