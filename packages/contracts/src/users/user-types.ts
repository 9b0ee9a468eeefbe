import { z } from 'zod';

/** Every user type of spec §1, spelled exactly as there (typos included: they are data). */
export const STAFF_DEPARTMENTS = [
  'ADMIN',
  'IT',
  'QUALITY',
  'HR',
  'RECRUITMENT',
  'OPERATION',
  'FINANCE',
  'WFM',
  'RTM',
  'English Department',
  'DEVELOPER',
  'Traning',
  'Vendor',
  'Bussiness Development',
  'Marketing',
  'G.I',
  'G.E',
  'G.SDM',
  'G.AD',
] as const;

export const NON_STAFF_TYPES = ['INTERPRETER', 'GUEST'] as const;
export const USER_TYPES = [...STAFF_DEPARTMENTS, ...NON_STAFF_TYPES] as const;

export const ZUserType = z.enum(USER_TYPES).meta({ id: 'UserType' });
export type TUserType = z.infer<typeof ZUserType>;
export const ZStaffDepartment = z.enum(STAFF_DEPARTMENTS);
export type TStaffDepartment = z.infer<typeof ZStaffDepartment>;
