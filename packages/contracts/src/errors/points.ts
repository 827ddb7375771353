import type { ErrorEntry } from './entry.ts';

export const pointsErrors = {
  // Points and the points mall (issue 15)
  points_insufficient: {
    status: 200,
    en: 'You do not have enough points for this.',
    ms: 'Anda tidak mempunyai mata yang mencukupi untuk ini.',
    cn: '您的积分不足。',
  },
  points_product_not_found: {
    status: 200,
    en: 'This product is not available.',
    ms: 'Produk ini tidak tersedia.',
    cn: '该商品不可兑换。',
  },
  points_out_of_stock: {
    status: 200,
    en: 'This product is out of stock.',
    ms: 'Produk ini kehabisan stok.',
    cn: '该商品库存不足。',
  },
  points_exchange_not_found: {
    status: 200,
    en: 'This exchange does not exist.',
    ms: 'Penukaran ini tidak wujud.',
    cn: '该兑换记录不存在。',
  },
  points_exchange_state_invalid: {
    status: 200,
    en: 'This exchange has already been handled; refresh to see its status.',
    ms: 'Penukaran ini telah diproses; muat semula untuk melihat statusnya.',
    cn: '该兑换已处理，请刷新查看状态。',
  },
  points_redeem_invalid: {
    status: 400,
    en: 'Enter a delivery address and a valid phone number.',
    ms: 'Masukkan alamat penghantaran dan nombor telefon yang sah.',
    cn: '请填写收货地址和有效的手机号码。',
  },
  points_convert_invalid: {
    status: 400,
    en: 'This number of points cannot be converted.',
    ms: 'Jumlah mata ini tidak boleh ditukar.',
    cn: '该积分数量无法兑换。',
  },
  points_settings_invalid: {
    status: 400,
    en: 'These point settings are not valid.',
    ms: 'Tetapan mata ini tidak sah.',
    cn: '积分设置无效。',
  },
  points_product_invalid: {
    status: 400,
    en: 'This product is not valid.',
    ms: 'Produk ini tidak sah.',
    cn: '该商品信息无效。',
  },
} as const satisfies Record<string, ErrorEntry>;
