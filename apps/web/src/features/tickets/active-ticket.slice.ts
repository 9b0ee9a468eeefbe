import { createSlice } from '@reduxjs/toolkit';

/** Spec §3 data holder for the ticket being viewed and its live replies (tickets issue). */
export const activeTicketSlice = createSlice({ name: 'activeTicket', initialState: {}, reducers: {} });
