import { useSearchParams } from 'react-router';
import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

/** /rng?page=<vendor>: slots, optionally narrowed to one vendor. */
export function Component() {
  const [params] = useSearchParams();
  return <CategoryPage categories={['RNG']} selectedVendor={params.get('page')} />;
}
