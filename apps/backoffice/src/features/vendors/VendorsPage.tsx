import type { VendorRow, VendorWithSecret } from '@lotus/contracts/backoffice';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

/** Game vendors: create, rotate the signing secret (shown once in a dialog), activate. */
export default function VendorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<VendorWithSecret | null>(null);
  const list = useQuery({ queryKey: ['vendors'], queryFn: () => boApi<VendorRow[]>('/bo/v1/vendors') });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['vendors'] });
  const create = useMutation({
    mutationFn: () => boApi<VendorWithSecret>('/bo/v1/vendors', { method: 'POST', body: { code, name } }),
    onSuccess: (result) => {
      setIssued(result);
      setCode('');
      setName('');
      void refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (id: string) => boApi<VendorWithSecret>(`/bo/v1/vendors/${id}/secret`, { method: 'POST' }),
    onSuccess: setIssued,
  });
  const toggle = useMutation({
    mutationFn: (vendor: VendorRow) =>
      boApi(`/bo/v1/vendors/${vendor.id}/active`, { method: 'PUT', body: { active: !vendor.active } }),
    onSuccess: () => void refresh(),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section aria-labelledby="vendors-title">
      <h1 id="vendors-title">{t('vendors.title')}</h1>
      <form className="toolbar" onSubmit={submit}>
        <label htmlFor="vendor-code">{t('vendors.code')}</label>
        <input id="vendor-code" required value={code} onChange={(event) => setCode(event.target.value)} />
        <label htmlFor="vendor-name">{t('vendors.name')}</label>
        <input id="vendor-name" required value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" disabled={create.isPending}>
          {t('vendors.create')}
        </button>
      </form>
      <QueryState
        loading={list.isPending}
        error={list.error ?? create.error ?? rotate.error ?? toggle.error}
      />
      {list.data && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('vendors.code')}</th>
                <th scope="col">{t('vendors.name')}</th>
                <th scope="col">{t('members.status')}</th>
                <th scope="col">{t('adjustments.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((vendor) => (
                <tr key={vendor.id}>
                  <td>{vendor.code}</td>
                  <td>{vendor.name}</td>
                  <td>{vendor.active ? t('operators.active') : t('operators.inactive')}</td>
                  <td>
                    <button type="button" className="secondary" onClick={() => rotate.mutate(vendor.id)}>
                      {t('vendors.rotate')}
                    </button>{' '}
                    <button type="button" className="secondary" onClick={() => toggle.mutate(vendor)}>
                      {vendor.active ? t('operators.deactivate') : t('operators.activate')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={issued !== null}
        onOpenChange={(open) => !open && setIssued(null)}
        title={t('vendors.secretTitle')}
      >
        <p>{t('vendors.secretOnce', { code: issued?.vendor.code ?? '' })}</p>
        <code className="uri">{issued?.secret}</code>
      </Dialog>
    </section>
  );
}
