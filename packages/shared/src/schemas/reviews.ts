import { z } from 'zod';
import { PagingQuerySchema } from './common.js';
import { id, int, optionalId, text } from './fields.js';
import { normalizePersianText } from '../fa/normalize.js';

/* ---------- reviews, ratings, questions and answers (issue 14, decision 025) ---------- */

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = { pending: 'در انتظار بررسی', approved: 'تأییدشده', rejected: 'ردشده' };

/** Photos a buyer may attach to one review; pros and cons: up to this many short lines each. */
export const REVIEW_MAX_PHOTOS = 3;
export const REVIEW_MAX_POINTS = 5;
export const REVIEW_PAGE_SIZE = 5;
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** A form sends pros/cons as JSON text (`["…"]`) or one per line; JSON callers send the array. Empty lines go. */
const pointsOf = (v: unknown) => {
  if (v === undefined || v === null || v === '') return [];
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = v.trim().startsWith('[') ? JSON.parse(v) as unknown : v.split('\n');
    } catch {
      list = v.split('\n');
    }
  }
  return Array.isArray(list) ? list.map((s) => (typeof s === 'string' ? normalizePersianText(s).trim() : s)).filter((s) => s !== '') : list;
};
const points = (title: string) => z.preprocess(pointsOf, z.array(
  z.string({ error: `هر مورد ${title} باید متن باشد` }).max(100, `هر مورد ${title} باید حداکثر ۱۰۰ کاراکتر باشد`),
  { error: `${title} باید فهرستی از متن‌ها باشد` },
).max(REVIEW_MAX_POINTS, `${title} حداکثر ۵ مورد است`)).meta({ title });

const longText = (title: string, min: number, max: number) => text(title, max)
  .refine((s) => s.trim().length >= min, `${title} باید دست‌کم ${min.toLocaleString('fa-IR')} کاراکتر باشد`);

export const ReviewCreateSchema = z.object({
  productId: id('محصول'),
  rating: int('امتیاز', { min: 1, max: 5 }),
  body: longText('متن دیدگاه', 10, 2000),
  pros: points('نقاط قوت'),
  cons: points('نقاط ضعف'),
});
export type ReviewCreate = z.infer<typeof ReviewCreateSchema>;

export const RatingSummarySchema = z.object({
  average: z.number(),
  count: z.number(),
  /** How many approved reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: z.array(z.number()),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ReviewSchema = z.object({
  id: z.number(), productId: z.number(), rating: z.number(), body: z.string(),
  pros: z.array(z.string()), cons: z.array(z.string()),
  /** First name and the initial of the last name. */
  authorName: z.string(),
  /** Bought and received the product (every review is a buyer's: decision 025). */
  verifiedBuyer: z.boolean(),
  /** Each photo's id; its bytes: `GET /Review/Photo?id=` (approved reviews) or `GET /Review/AdminPhoto?id=`. */
  photos: z.array(z.object({ id: z.number() })),
  reply: z.string().nullable(), repliedAt: z.string().nullable(),
  helpfulCount: z.number(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const AdminReviewSchema = ReviewSchema.extend({
  status: z.enum(MODERATION_STATUSES), statusLabel: z.string(), adminNote: z.string().nullable(),
  productTitle: z.string(), customerName: z.string(), mobile: z.string().nullable(), orderId: z.number().nullable(),
  /** The order's number as the shop and the shopper know it (its `orderId` is the database's). */
  orderNumber: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const ProductReviewsQuerySchema = z.object({
  productId: id('محصول'),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REVIEW_SORTS, { error: 'ترتیب نامعتبر است' }).optional()),
  pageNumber: z.preprocess((v) => (v === '' ? undefined : v), int('شماره صفحه', { min: 1, max: 100_000 }).optional()),
  pageSize: z.preprocess((v) => (v === '' ? undefined : v), int('اندازه صفحه', { min: 1, max: 20 }).optional()),
});
export const ProductReviewsSchema = z.object({
  summary: RatingSummarySchema,
  data: z.array(ReviewSchema), page: z.number(), pageSize: z.number(), totalCount: z.number(),
});
export type ProductReviews = z.infer<typeof ProductReviewsSchema>;

export const ProductIdQuerySchema = z.object({ productId: id('محصول') });

/** What the logged-in shopper may do about one product's reviews. */
export const MyReviewStateSchema = z.object({
  /** Whether they may write one now; when not, `reason` says why in Persian. */
  canReview: z.boolean(),
  reason: z.string().nullable(),
  /** Their own review of it, with its moderation status. */
  review: ReviewSchema.extend({ status: z.enum(MODERATION_STATUSES), statusLabel: z.string(), adminNote: z.string().nullable() }).nullable(),
  /** The reviews of this product they found helpful. */
  voted: z.array(z.number()),
});
export type MyReviewState = z.infer<typeof MyReviewStateSchema>;

export const ReviewVoteSchema = z.object({ id: id('دیدگاه') });
export const ReviewVoteResultSchema = z.object({ id: z.number(), helpfulCount: z.number() });

const statusFilter = z.preprocess((v) => (v === '' ? undefined : v), z.enum(MODERATION_STATUSES, { error: 'وضعیت نامعتبر است' }).optional());
export const ModerationQuerySchema = PagingQuerySchema.extend({ status: statusFilter, productId: optionalId('محصول') });

export const ModerationIdSchema = z.object({ id: id() });
export const ModerationRejectSchema = z.object({ id: id(), note: text('دلیل رد', 500) });
export const ReviewReplySchema = z.object({ id: id('دیدگاه'), reply: text('پاسخ', 2000) });

/* ---------- questions and answers ---------- */

export const QuestionCreateSchema = z.object({ productId: id('محصول'), body: longText('متن پرسش', 5, 1000) });
export type QuestionCreate = z.infer<typeof QuestionCreateSchema>;

export const QuestionSchema = z.object({
  id: z.number(), productId: z.number(), authorName: z.string(), body: z.string(),
  answer: z.string().nullable(), answeredAt: z.string().nullable(), createdAt: z.string(),
});
export type Question = z.infer<typeof QuestionSchema>;
export const AdminQuestionSchema = QuestionSchema.extend({
  status: z.enum(MODERATION_STATUSES), statusLabel: z.string(), adminNote: z.string().nullable(),
  productTitle: z.string(), customerName: z.string(), mobile: z.string().nullable(),
});
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;

export const ProductQuestionsQuerySchema = z.object({
  productId: id('محصول'),
  pageNumber: z.preprocess((v) => (v === '' ? undefined : v), int('شماره صفحه', { min: 1, max: 100_000 }).optional()),
  pageSize: z.preprocess((v) => (v === '' ? undefined : v), int('اندازه صفحه', { min: 1, max: 20 }).optional()),
});
/** The owner's answer; it also publishes the question (answering is approving). */
export const QuestionAnswerSchema = z.object({ id: id('پرسش'), answer: text('پاسخ', 2000) });
