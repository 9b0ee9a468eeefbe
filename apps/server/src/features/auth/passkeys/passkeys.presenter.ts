import type { TPasskey } from '@portal/contracts';
import type { PasskeyRow } from './passkeys.repository.js';

export function presentPasskey(row: Omit<PasskeyRow, 'public_key'>): TPasskey {
  return {
    id: row.id,
    name: row.name,
    device_type: row.device_type,
    backed_up: row.backed_up,
    transports: row.transports,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
