import type {
  AdminPointSettings,
  AdminPointSettingsInput,
  AdminProduct,
  AdminProductInput,
  PointCategory,
} from '@lotus/contracts/points';
import { POINT_CATEGORIES } from '@lotus/contracts/points';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { uploadProductImage } from './upload-image.ts';

type Save =
  | { kind: 'settings'; body: AdminPointSettingsInput }
  | { kind: 'newProduct'; body: AdminProductInput }
  | { kind: 'product'; id: string; body: AdminProductInput };

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

function categoryText(t: (key: string) => string, category: PointCategory): string {
  switch (category) {
    case 'LIVE':
      return t('points.category.LIVE');
    case 'SPORTS':
      return t('points.category.SPORTS');
    case 'ESPORTS':
      return t('points.category.ESPORTS');
    case 'RNG':
      return t('points.category.RNG');
    case 'FISH':
      return t('points.category.FISH');
    case 'PVP':
      return t('points.category.PVP');
    case 'LOTT':
      return t('points.category.LOTT');
    case 'ELOTT':
      return t('points.category.ELOTT');
    case 'DEPOSIT':
      return t('points.category.DEPOSIT');
  }
}

function productBody(data: FormData): AdminProductInput {
  const type = text(data, 'type') === 'cash' ? 'cash' : 'physical';
  return {
    name: text(data, 'name'),
    description: text(data, 'description'),
    type,
    imageUrl: text(data, 'imageUrl'),
    points: text(data, 'points'),
    cashAmount: type === 'cash' ? text(data, 'cashAmount') || '0' : '0',
    stock: Number.parseInt(text(data, 'stock') || '0', 10),
    status: data.get('active') === 'on' ? 'active' : 'inactive',
    sortOrder: Number.parseInt(text(data, 'sortOrder') || '0', 10),
  };
}

/**
 * Points settings (admin, marketing): points per 1.00 of turnover per category (the spec's nav
 * values by default; lottery and deposits per brand), the conversion of points to money, and the
 * mall's products with their stock. Every change is audited by the server.
 */
export default function PointsSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<ActionOutcome>(null);
  const settings = useQuery({
    queryKey: ['points-settings'],
    queryFn: () => boApi<AdminPointSettings>('/bo/v1/points/settings'),
  });
  const products = useQuery({
    queryKey: ['points-products'],
    queryFn: () => boApi<{ items: AdminProduct[] }>('/bo/v1/points/products'),
  });
  const save = useMutation({
    mutationFn: (change: Save) => {
      switch (change.kind) {
        case 'settings':
          return boApi('/bo/v1/points/settings', { method: 'PUT', body: change.body });
        case 'newProduct':
          return boApi('/bo/v1/points/products', { method: 'POST', body: change.body });
        case 'product':
          return boApi(`/bo/v1/points/products/${change.id}`, { method: 'PUT', body: change.body });
      }
    },
    onSuccess: () => {
      setMessage({ ok: true, text: t('points.saved') });
      void queryClient.invalidateQueries({ queryKey: ['points-settings'] });
      void queryClient.invalidateQueries({ queryKey: ['points-products'] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const upload = useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadProductImage(id, file),
    onSuccess: () => {
      setMessage({ ok: true, text: t('points.imageUploaded') });
      void queryClient.invalidateQueries({ queryKey: ['points-products'] });
    },
    onError: (error) => setMessage(failure(error)),
  });

  const submitImage = (id: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('image');
    if (file instanceof File && file.size > 0) upload.mutate({ id, file });
  };

  const submitSettings = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.mutate({
      kind: 'settings',
      body: {
        rates: POINT_CATEGORIES.map((category) => ({ category, value: text(data, `rate-${category}`) })),
        convertPoints: text(data, 'convertPoints'),
        convertAmount: text(data, 'convertAmount'),
        minConvertPoints: text(data, 'minConvertPoints'),
      },
    });
  };

  const submitProduct = (id: string | null) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = productBody(new FormData(event.currentTarget));
    save.mutate(id ? { kind: 'product', id, body } : { kind: 'newProduct', body });
  };

  const productForm = (p: AdminProduct | null) => {
    const key = p?.id ?? 'new';
    return (
      <form
        className="filters"
        onSubmit={submitProduct(p?.id ?? null)}
        data-testid={`bo-point-product-${key}`}
      >
        <div className="field">
          <label htmlFor={`pp-name-${key}`}>{t('points.productName')}</label>
          <input id={`pp-name-${key}`} name="name" required maxLength={100} defaultValue={p?.name ?? ''} />
        </div>
        <div className="field">
          <label htmlFor={`pp-description-${key}`}>{t('points.description')}</label>
          <input
            id={`pp-description-${key}`}
            name="description"
            maxLength={1000}
            defaultValue={p?.description ?? ''}
          />
        </div>
        <div className="field">
          <label htmlFor={`pp-type-${key}`}>{t('points.type')}</label>
          <select id={`pp-type-${key}`} name="type" defaultValue={p?.type ?? 'physical'}>
            <option value="physical">{t('points.physical')}</option>
            <option value="cash">{t('points.cash')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`pp-image-${key}`}>{t('points.imageUrl')}</label>
          <input id={`pp-image-${key}`} name="imageUrl" maxLength={500} defaultValue={p?.imageUrl ?? ''} />
        </div>
        <div className="field">
          <label htmlFor={`pp-points-${key}`}>{t('points.requiredPoints')}</label>
          <input
            id={`pp-points-${key}`}
            name="points"
            required
            inputMode="numeric"
            pattern="[1-9][0-9]*"
            defaultValue={p?.points ?? ''}
          />
        </div>
        <div className="field">
          <label htmlFor={`pp-cash-${key}`}>{t('points.cashAmount')}</label>
          <input
            id={`pp-cash-${key}`}
            name="cashAmount"
            inputMode="decimal"
            defaultValue={p && p.type === 'cash' ? formatAmount(p.cashAmount).replaceAll(',', '') : ''}
          />
        </div>
        <div className="field">
          <label htmlFor={`pp-stock-${key}`}>{t('points.stock')}</label>
          <input
            id={`pp-stock-${key}`}
            name="stock"
            type="number"
            min={0}
            max={1000000}
            required
            defaultValue={p?.stock ?? 0}
          />
        </div>
        <div className="field">
          <label htmlFor={`pp-sort-${key}`}>{t('points.sortOrder')}</label>
          <input
            id={`pp-sort-${key}`}
            name="sortOrder"
            type="number"
            min={0}
            max={100000}
            defaultValue={p?.sortOrder ?? 0}
          />
        </div>
        <div className="field">
          <label>
            <input type="checkbox" name="active" defaultChecked={p ? p.status === 'active' : true} />{' '}
            {t('points.active')}
          </label>
        </div>
        <button type="submit" disabled={save.isPending}>
          {p ? t('points.saveProduct') : t('points.addProduct')}
        </button>
      </form>
    );
  };

  return (
    <section aria-labelledby="points-settings-title" data-testid="bo-points-settings">
      <h1 id="points-settings-title">{t('points.settingsTitle')}</h1>
      <ActionMessage message={message} />
      <QueryState
        loading={settings.isPending || products.isPending}
        error={settings.error ?? products.error}
      />
      {settings.data ? (
        <form className="filters" onSubmit={submitSettings} data-testid="bo-points-rates">
          <h2>{t('points.ratesTitle')}</h2>
          {settings.data.rates.map((r) => (
            <div className="field" key={r.category}>
              <label htmlFor={`rate-${r.category}`}>{categoryText(t, r.category)}</label>
              <input
                id={`rate-${r.category}`}
                name={`rate-${r.category}`}
                inputMode="decimal"
                required
                pattern="[0-9]{1,4}([.][0-9]{1,3})?"
                defaultValue={r.value}
              />
            </div>
          ))}
          <div className="field">
            <label htmlFor="convertPoints">{t('points.convertPoints')}</label>
            <input
              id="convertPoints"
              name="convertPoints"
              inputMode="numeric"
              required
              defaultValue={settings.data.convertPoints}
            />
          </div>
          <div className="field">
            <label htmlFor="convertAmount">{t('points.convertAmount')}</label>
            <input
              id="convertAmount"
              name="convertAmount"
              inputMode="decimal"
              required
              defaultValue={settings.data.convertAmount.replaceAll(',', '')}
            />
          </div>
          <div className="field">
            <label htmlFor="minConvertPoints">{t('points.minConvertPoints')}</label>
            <input
              id="minConvertPoints"
              name="minConvertPoints"
              inputMode="numeric"
              required
              defaultValue={settings.data.minConvertPoints}
            />
          </div>
          <button type="submit" disabled={save.isPending}>
            {t('points.saveSettings')}
          </button>
        </form>
      ) : null}
      {products.data ? (
        <>
          <h2>{t('points.productsTitle')}</h2>
          {products.data.items.map((p) => (
            <div key={p.id}>
              {p.imageUrl ? <img src={p.imageUrl} alt="" width={96} height={72} /> : null}
              {productForm(p)}
              <form className="filters" onSubmit={submitImage(p.id)} data-testid={`bo-point-image-${p.id}`}>
                <div className="field">
                  <label htmlFor={`pp-file-${p.id}`}>{t('points.imageFile')}</label>
                  <input id={`pp-file-${p.id}`} name="image" type="file" accept="image/png,image/jpeg" />
                </div>
                <button type="submit" disabled={upload.isPending}>
                  {t('points.uploadImage')}
                </button>
              </form>
            </div>
          ))}
          <h2>{t('points.newProduct')}</h2>
          {productForm(null)}
        </>
      ) : null}
    </section>
  );
}
