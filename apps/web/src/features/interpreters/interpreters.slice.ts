import { createSlice } from '@reduxjs/toolkit';

/** Spec §3 data holder for interpreters and their online status (interpreters issue). */
export const interpretersSlice = createSlice({ name: 'interpreters', initialState: {}, reducers: {} });
