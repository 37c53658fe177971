import { IdQuerySchema, OkDataSchema, paged } from '../schemas/common.js';
import {
  AdminQuestionSchema, AdminReviewSchema, ModerationIdSchema, ModerationQuerySchema, ModerationRejectSchema, MyReviewStateSchema,
  ProductIdQuerySchema, ProductQuestionsQuerySchema, ProductReviewsQuerySchema, ProductReviewsSchema, QuestionAnswerSchema,
  QuestionCreateSchema, QuestionSchema, ReviewCreateSchema, ReviewReplySchema, ReviewSchema, ReviewVoteResultSchema, ReviewVoteSchema,
} from '../schemas/reviews.js';
import { endpointMap } from './define.js';

const tags = ['reviews'] as const;
const customer = { access: 'customer', tags } as const;
const publicRead = { access: 'public', tags } as const;
// Reviews and questions are about products: the catalogue editor moderates them (decision 025).
const admin = { access: 'admin:catalog', tags } as const;

// The photos' bytes (`GET /Review/Photo`, `GET /Review/AdminPhoto`) are not here: they answer an image, not an envelope.
export const reviewsEndpoints = endpointMap({
  'GET /Review/Product': {
    ...publicRead, summary: 'A product\'s approved reviews (newest or most helpful first, paged) and its rating summary',
    query: ProductReviewsQuerySchema, response: ProductReviewsSchema,
  },
  'GET /Review/Mine': {
    ...customer, summary: 'Whether the shopper may review a product (a buyer of a delivered order), their review, their helpful votes',
    query: ProductIdQuerySchema, response: MyReviewStateSchema,
  },
  'POST /Review/Create': {
    ...customer, summary: 'A buyer\'s review (multipart: rating, body, pros and cons one per line or as JSON, up to 3 `photos`); pending until approved',
    form: ReviewCreateSchema, response: ReviewSchema,
  },
  'POST /Review/Vote': { ...customer, summary: 'Mark someone else\'s approved review helpful (once)', body: ReviewVoteSchema, response: ReviewVoteResultSchema },
  'GET /Review/Admin': { ...admin, summary: 'Reviews to moderate: pending first, by status and product', query: ModerationQuerySchema, response: paged(AdminReviewSchema) },
  'PUT /Review/Approve': { ...admin, summary: 'Publish a review: the product\'s rating is recomputed in the same transaction', body: ModerationIdSchema, response: AdminReviewSchema },
  'PUT /Review/Reject': { ...admin, summary: 'Reject a review with a note (an approved one leaves the rating)', body: ModerationRejectSchema, response: AdminReviewSchema },
  'PUT /Review/Reply': { ...admin, summary: 'The shop\'s public reply under a review', body: ReviewReplySchema, response: AdminReviewSchema },
  'DELETE /Review/Photo': { ...admin, summary: 'Remove one photo of a review', query: IdQuerySchema, response: AdminReviewSchema },
  'DELETE /Review/Delete': { ...admin, summary: 'Delete a review (and its photos and votes); the rating is recomputed', query: IdQuerySchema, response: OkDataSchema },

  'GET /Question/Product': { ...publicRead, summary: 'A product\'s approved questions and their answers, newest first', query: ProductQuestionsQuerySchema, response: paged(QuestionSchema) },
  'POST /Question/Create': { ...customer, summary: 'Ask a question about a product; shown once the owner approves or answers it', body: QuestionCreateSchema, response: QuestionSchema },
  'GET /Question/Admin': { ...admin, summary: 'Questions to moderate: pending first, by status and product', query: ModerationQuerySchema, response: paged(AdminQuestionSchema) },
  'PUT /Question/Answer': { ...admin, summary: 'Answer a question and publish it', body: QuestionAnswerSchema, response: AdminQuestionSchema },
  'PUT /Question/Approve': { ...admin, summary: 'Publish a question (with or without an answer)', body: ModerationIdSchema, response: AdminQuestionSchema },
  'PUT /Question/Reject': { ...admin, summary: 'Reject a question with a note', body: ModerationRejectSchema, response: AdminQuestionSchema },
});
