import { createSlice } from '@reduxjs/toolkit';

/**
 * Spec §3 data holder for IT monitoring records (keyed by username). Filled by the IT
 * monitoring issue together with its contracts; registered now so the store's shape is
 * the spec's from the start.
 */
export const itSlice = createSlice({ name: 'it', initialState: {}, reducers: {} });
