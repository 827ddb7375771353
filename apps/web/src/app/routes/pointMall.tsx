import { PointMallPage } from '../../features/points/components/PointMallPage.tsx';
import './pages.css';

/** /pointMall: the points mall (features/points). */
export function Component() {
  return <PointMallPage />;
}
