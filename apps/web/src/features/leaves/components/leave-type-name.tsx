import type { TLeaveType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { leaveTypeName } from '../leave-format';

/** A leave type's name: translated for the seeded types, HR's own names isolated as user text. */
export function LeaveTypeName({ type }: { type: Pick<TLeaveType, 'code' | 'name'> & { name_ar?: string | null } }) {
  const { t } = useTranslation();
  const name = leaveTypeName(t, type);
  return name === type.name || name === type.name_ar ? <Bidi>{name}</Bidi> : <>{name}</>;
}
