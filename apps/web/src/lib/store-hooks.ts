import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';

/**
 * Dispatch that accepts thunks. Features type their selectors on the slice of state they
 * own ({ auth: AuthState }), so they never import the app's RootState (imports go
 * lib → features → app, never back).
 */
// `any` state: each thunk declares the part of the state it reads, which a dispatch over
// the whole store satisfies; lib/ cannot name RootState without importing app/.
export type AppThunkDispatch = ThunkDispatch<any, unknown, UnknownAction>;
export const useAppDispatch = useDispatch.withTypes<AppThunkDispatch>();
