import {
  LoginResultSchema, LoginSchema, ResetPasswordSchema, UpdatePasswordSchema, UserCreateSchema,
  UserListQuerySchema, UserSchema, UserUpdateSchema,
} from '../schemas/users.js';
import { DeleteOrDeactivateSchema, IdQuerySchema, OkDataSchema, paged } from '../schemas/common.js';
import { endpointMap } from './define.js';

const users = { tags: ['users'] } as const;
const admin = { ...users, access: 'admin' } as const;

export const usersEndpoints = endpointMap({
  'POST /User/Login': {
    ...users, access: 'public', summary: 'Admin login → session token (also set as an httpOnly cookie)',
    body: LoginSchema, response: LoginResultSchema,
  },
  'POST /User/Logout': { ...admin, summary: 'End the admin session', response: OkDataSchema },
  'GET /User/Me': { ...admin, summary: 'The logged-in admin', response: UserSchema },
  'PUT /User/UpdatePassword': {
    ...users, access: 'public', summary: 'Change one\'s own password with the current one', body: UpdatePasswordSchema, response: OkDataSchema,
  },
  'GET /User': { ...admin, query: UserListQuerySchema, response: paged(UserSchema) },
  'GET /User/ById': { ...admin, query: IdQuerySchema, response: UserSchema },
  'POST /User': { ...admin, summary: 'Create a user (admin or staff)', body: UserCreateSchema, response: UserSchema },
  'PUT /User': { ...admin, body: UserUpdateSchema, response: UserSchema },
  'DELETE /User': {
    ...admin, summary: 'Delete a user; a customer with orders is deactivated instead (deactivated: true)',
    query: IdQuerySchema, response: DeleteOrDeactivateSchema,
  },
  'PUT /User/ResetPassword': { ...admin, body: ResetPasswordSchema, response: OkDataSchema },
});
