import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { TTicketDepartment, TUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { CannedRepliesManager } from './canned-replies-manager';
import { SlaTargetsForm } from './sla-targets-form';
import { departmentName } from '../../../components/department-name';

type SettingsTab = 'sla' | 'canned';

/** A desk's settings, per department the user is on: SLA targets and canned replies. */
export function DeskSettingsDialog({
  open,
  onClose,
  departments,
  viewer,
}: {
  open: boolean;
  onClose: () => void;
  departments: readonly TTicketDepartment[];
  viewer: TUser;
}) {
  const { t } = useTranslation();
  const [department, setDepartment] = useState<TTicketDepartment | undefined>(departments[0]);
  const [tab, setTab] = useState<SettingsTab>('sla');
  const current = department && departments.includes(department) ? department : departments[0];
  return (
    <FormDialog open={open} onClose={onClose} title={t('desk.settings.title')}>
      {departments.length > 1 ? (
        <TextField
          select
          size="small"
          label={t('desk.settings.desk')}
          value={current ?? ''}
          onChange={(e) => setDepartment(e.target.value as TTicketDepartment)}
          sx={{ minWidth: 200, mb: 1 }}
          fullWidth={false}
        >
          {departments.map((d) => (
            <MenuItem key={d} value={d}>
              {departmentName(t, d)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_e, next: SettingsTab) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="sla"
          label={t('desk.settings.slaTab')}
          id="desk-settings-tab-sla"
          aria-controls="desk-settings-panel"
        />
        <Tab
          value="canned"
          label={t('desk.settings.cannedTab')}
          id="desk-settings-tab-canned"
          aria-controls="desk-settings-panel"
        />
      </Tabs>
      <Box role="tabpanel" id="desk-settings-panel" aria-labelledby={`desk-settings-tab-${tab}`}>
        {current ? (
          tab === 'sla' ? (
            <SlaTargetsForm key={current} department={current} />
          ) : (
            <CannedRepliesManager key={current} department={current} viewer={viewer} />
          )
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button color="inherit" onClick={onClose}>
          {t('desk.settings.close')}
        </Button>
      </Box>
    </FormDialog>
  );
}
