// The home feature's public surface: only its registration for app/features.ts (its page
// is lazy-loaded, a route chunk of its own).
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { page, type WebFeature } from '../../lib/feature';

export const homeFeature = {
  name: 'home',
  routes: [{ index: true, lazy: page(() => import('./pages/home-page'), 'HomePage') }],
  nav: [{ to: '/', labelKey: 'nav.home', icon: HomeOutlined, end: true }],
} satisfies WebFeature;
