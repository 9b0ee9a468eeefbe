import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TAgent } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { toast } from 'react-toastify';
import { Bidi } from '../../../../components/bidi';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/data-table';
import { SectionCard } from '../../../../components/section-card';
import { errorText } from '../../../../lib/api/api-error';
import { formatDateTime } from '../../../../lib/format';
import { selectCurrentUser } from '../../../auth';
import { useItAgentsQuery, useRevokeItAgentMutation } from '../../api/it-api';
import { itName } from '../board/board-model';

function AgentState({ agent }: { agent: TAgent }) {
  const { t } = useTranslation();
  if (agent.revoked_at) {
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t('it.agents.revokedOn', { date: formatDateTime(agent.revoked_at) })}
      />
    );
  }
  return agent.connected ? (
    <Chip size="small" color="success" label={t('it.agents.connected')} />
  ) : (
    <Chip size="small" variant="outlined" label={t('it.agents.notConnected')} />
  );
}

/** How a user enrolls their machine: the command, with this portal's address and their username. */
function EnrollHelp() {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const command = `npm run agent -- enroll --server ${window.location.origin} --username ${me?.username ?? ''}`;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('it.agents.enrollHelp')}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '0.85rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <code dir="ltr">{command}</code>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('it.agents.enrollThen')}
      </Typography>
    </Box>
  );
}

/** IT's enrolled machines: who, where, which version, last seen; revoke closes the agent at once. */
export function AgentsTab() {
  const { t } = useTranslation();
  const { data = [], isLoading, error } = useItAgentsQuery();
  const [revoke, revoking] = useRevokeItAgentMutation();
  const [toRevoke, setToRevoke] = useState<TAgent | null>(null);

  const columns: DataTableColumn<TAgent>[] = [
    {
      key: 'user',
      label: 'it.agents.user',
      placement: 'primary',
      sortValue: itName,
      cell: (a) => (
        <Box>
          <Bidi>{itName(a)}</Bidi>
          <Typography variant="body2" color="text.secondary">
            <Bidi>@{a.username}</Bidi>
          </Typography>
        </Box>
      ),
    },
    { key: 'host', label: 'it.agents.host', sortValue: (a) => a.hostname, cell: (a) => <Bidi>{a.hostname}</Bidi> },
    {
      key: 'platform',
      label: 'it.agents.platform',
      sortValue: (a) => a.platform,
      cell: (a) => t(`it.agents.platforms.${a.platform}`),
    },
    {
      key: 'version',
      label: 'it.agents.version',
      sortValue: (a) => a.version,
      cell: (a) => <Bidi dir="ltr">{a.version}</Bidi>,
    },
    {
      key: 'enrolled',
      label: 'it.agents.enrolled',
      sortValue: (a) => a.enrolled_at,
      sortFirst: 'desc',
      cell: (a) => <time dateTime={a.enrolled_at}>{formatDateTime(a.enrolled_at)}</time>,
    },
    {
      key: 'lastSeen',
      label: 'it.agents.lastSeen',
      sortValue: (a) => a.last_seen,
      sortFirst: 'desc',
      cell: (a) =>
        a.last_seen ? <time dateTime={a.last_seen}>{formatDateTime(a.last_seen)}</time> : t('it.agents.never'),
    },
    {
      key: 'state',
      label: 'it.agents.state',
      placement: 'secondary',
      sortValue: (a) => (a.revoked_at ? 2 : a.connected ? 0 : 1),
      cell: (a) => <AgentState agent={a} />,
    },
  ];

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    const result = await revoke(toRevoke.id);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('it.agents.revoked'));
    setToRevoke(null);
  };

  return (
    <SectionCard title={t('it.agents.title')} hint={t('it.agents.hint')}>
      <EnrollHelp />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable
          rows={data}
          columns={columns}
          rowKey={(a) => a.id}
          label={t('it.agents.table')}
          loading={isLoading}
          emptyText={t('it.agents.empty')}
          defaultSort={{ key: 'lastSeen', direction: 'desc' }}
          stickyTop={0}
          actionsLabel={t('it.agents.actions')}
          actions={(a) =>
            a.revoked_at ? null : (
              <Button
                size="small"
                color="error"
                onClick={() => setToRevoke(a)}
                aria-label={t('it.agents.revokeName', { host: a.hostname, name: itName(a) })}
              >
                {t('it.agents.revoke')}
              </Button>
            )
          }
        />
      </Box>
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('it.agents.revokeTitle', { host: toRevoke?.hostname ?? '' })}
        body={t('it.agents.revokeBody', { name: toRevoke ? itName(toRevoke) : '' })}
        confirmLabel={t('it.agents.revoke')}
        cancelLabel={t('it.agents.cancel')}
        danger
        busy={revoking.isLoading}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setToRevoke(null)}
      />
    </SectionCard>
  );
}
