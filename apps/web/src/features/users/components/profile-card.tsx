import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { ALLOWED_ABOVE, type TPublicProfile } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { departmentName } from '../../../components/department-name';

/** The group a department sits under (spec §6), e.g. HR → G.AD; none for groups and ADMIN. */
function departmentGroup(profile: TPublicProfile): string | null {
  return ALLOWED_ABOVE[profile.user_type].find((t) => t !== 'ADMIN') ?? null;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, 32%) 1fr', gap: 1, py: 1, alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {children}
      </Box>
    </Box>
  );
}

/** A colleague's card: name, type, department group, roles, status, contact. */
export function ProfileCard({ profile }: { profile: TPublicProfile }) {
  const { t } = useTranslation();
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.username;
  const group = departmentGroup(profile);
  return (
    <Card>
      <Box
        sx={(theme) => ({
          height: 88,
          background: `linear-gradient(120deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
          opacity: 0.9,
        })}
      />
      <Box sx={{ px: { xs: 2.5, sm: 3 }, pb: 3 }}>
        <Box
          sx={{
            mt: -5,
            mb: 1.5,
            display: 'inline-flex',
            borderRadius: '50%',
            border: 4,
            borderColor: 'background.paper',
          }}
        >
          <UserAvatar user={profile} size={88} />
        </Box>
        <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {fullName}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          @{profile.username}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('profile.type')}>
            <Chip label={departmentName(t, profile.user_type)} color="primary" variant="outlined" size="small" />
          </Row>
          <Row label={t('profile.department')}>
            <Typography variant="body2">{group ?? '—'}</Typography>
          </Row>
          {/* Roles are director and manager only; whether the account is active is its status. */}
          <Row label={t('profile.flags')}>
            {profile.is_director ? <Chip label={t('account.director')} size="small" color="secondary" /> : null}
            {profile.is_manager ? (
              <Chip label={t('account.manager')} size="small" color="secondary" variant="outlined" />
            ) : null}
            {!profile.is_director && !profile.is_manager ? <Typography variant="body2">—</Typography> : null}
          </Row>
          <Row label={t('profile.status')}>
            <Chip
              label={profile.is_active ? t('account.active') : t('account.inactive')}
              size="small"
              color={profile.is_active ? 'success' : 'default'}
              variant="outlined"
            />
          </Row>
          <Row label={t('profile.contact')}>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
              <Link
                href={`mailto:${profile.email}`}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, overflowWrap: 'anywhere' }}
              >
                <EmailOutlined fontSize="small" aria-hidden="true" />
                <span dir="ltr">{profile.email}</span>
              </Link>
              {profile.phone ? (
                <Link
                  href={`tel:${profile.phone.replace(/[^+0-9]/g, '')}`}
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
                >
                  <PhoneOutlined fontSize="small" aria-hidden="true" />
                  <span dir="ltr">{profile.phone}</span>
                </Link>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('profile.noPhone')}
                </Typography>
              )}
            </Box>
          </Row>
        </Box>
      </Box>
    </Card>
  );
}
