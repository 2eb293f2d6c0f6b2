// Ant Design ships no Filipino pack: the texts our screens show, over the English pack's structure.
import en from 'antd/es/locale/en_US';
import type { Locale as AntdLocale } from 'antd/es/locale';

const ph: AntdLocale = {
  ...en,
  locale: 'fil',
  global: { ...en.global, placeholder: 'Pumili', close: 'Isara' },
  Pagination: {
    ...en.Pagination,
    items_per_page: '/ pahina',
    jump_to: 'Pumunta sa',
    jump_to_confirm: 'kumpirmahin',
    page: 'Pahina',
    prev_page: 'Nakaraang pahina',
    next_page: 'Susunod na pahina',
    prev_5: 'Nakaraang 5 pahina',
    next_5: 'Susunod na 5 pahina',
    prev_3: 'Nakaraang 3 pahina',
    next_3: 'Susunod na 3 pahina',
  },
  Modal: { okText: 'Sige', cancelText: 'Kanselahin', justOkText: 'Sige' },
  Popconfirm: { okText: 'Sige', cancelText: 'Kanselahin' },
  Upload: { ...en.Upload, uploading: 'Nag-a-upload...', removeFile: 'Alisin ang file', uploadError: 'Nabigo ang pag-upload', previewFile: 'Silipin' },
  Empty: { description: 'Walang datos' },
  Table: { ...en.Table, emptyText: 'Walang datos' },
};

export default ph;
