import {
  LoginResultSchema, LoginSchema, ResetPasswordSchema, StaffMeSchema, UpdatePasswordSchema, UserCreateSchema,
  UserListQuerySchema, UserSchema, UserUpdateSchema,
} from '../schemas/users.js';
import { DeleteOrDeactivateSchema, IdQuerySchema, OkDataSchema, paged } from '../schemas/common.js';
import { endpointMap } from './define.js';

const users = { tags: ['users'] } as const;
const staff = { ...users, access: 'staff' } as const;
const customers = { ...users, access: 'admin:customers' } as const;
const admin = { ...users, access: 'admin:staff' } as const;

export const usersEndpoints = endpointMap({
  'POST /User/Login': {
    ...users, access: 'public', summary: 'Admin login → session token (also set as an httpOnly cookie)',
    body: LoginSchema, response: LoginResultSchema,
  },
  'POST /User/Logout': { ...staff, summary: 'End the admin session', response: OkDataSchema },
  'GET /User/Me': { ...staff, summary: 'The logged-in staff member, with the role and permissions in force', response: StaffMeSchema },
  'PUT /User/UpdatePassword': {
    ...users, access: 'public', summary: 'Change one\'s own password with the current one', body: UpdatePasswordSchema, response: OkDataSchema,
  },
  'GET /User': {
    ...customers, summary: 'Users; staff other than the owner see shoppers only', query: UserListQuerySchema, response: paged(UserSchema),
  },
  'GET /User/ById': { ...customers, summary: 'One user (staff other than the owner: shoppers only)', query: IdQuerySchema, response: UserSchema },
  'POST /User': { ...admin, summary: 'Create a user (admin with a staff role, or shopper)', body: UserCreateSchema, response: UserSchema },
  'PUT /User': {
    ...admin, summary: 'Edit a user, their admin flag and staff role (409 for the last active owner)', body: UserUpdateSchema, response: UserSchema,
  },
  'DELETE /User': {
    ...admin, summary: 'Delete a user; a customer with orders is deactivated instead (deactivated: true)',
    query: IdQuerySchema, response: DeleteOrDeactivateSchema,
  },
  'PUT /User/ResetPassword': { ...admin, body: ResetPasswordSchema, response: OkDataSchema },
});
