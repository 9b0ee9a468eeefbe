import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Spec §3's `activeTicket` data holder. Threads live in the query cache (live frames
 * patch it); this keeps what the cache cannot: new tickets on my desk that I have not
 * looked at yet (the Dashboard link's badge).
 */
export interface ActiveTicketState {
  unseen: number[];
}

const initialState: ActiveTicketState = { unseen: [] };

export const activeTicketSlice = createSlice({
  name: 'activeTicket',
  initialState,
  reducers: {
    newDeskTicket(state, action: PayloadAction<number>) {
      if (!state.unseen.includes(action.payload)) state.unseen.push(action.payload);
    },
    /** The desk queue was shown (no id: all seen) or one ticket's thread was opened. */
    deskTicketsSeen(state, action: PayloadAction<number | undefined>) {
      state.unseen = action.payload === undefined ? [] : state.unseen.filter((id) => id !== action.payload);
    },
  },
});

export const { newDeskTicket, deskTicketsSeen } = activeTicketSlice.actions;
export const selectUnseenDeskTickets = (state: { activeTicket: ActiveTicketState }) => state.activeTicket.unseen.length;
