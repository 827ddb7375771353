import { Spinner } from '../../components/ui/Spinner.tsx';

export function Splash() {
  return (
    <div className="startup">
      <Spinner />
    </div>
  );
}
