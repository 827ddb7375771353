import { CategoryPage } from '../../features/games/components/CategoryPage.tsx';

export function Component() {
  return <CategoryPage categories={['ELOTT']} />;
}
