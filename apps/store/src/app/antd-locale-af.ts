// Ant Design ships no Afrikaans pack: the texts our screens show, over the English pack's structure.
import en from 'antd/es/locale/en_US';
import type { Locale as AntdLocale } from 'antd/es/locale';

const af: AntdLocale = {
  ...en,
  locale: 'af',
  global: { ...en.global, placeholder: 'Kies asseblief', close: 'Maak toe' },
  Pagination: {
    ...en.Pagination,
    items_per_page: '/ bladsy',
    jump_to: 'Gaan na',
    jump_to_confirm: 'bevestig',
    page: 'Bladsy',
    prev_page: 'Vorige bladsy',
    next_page: 'Volgende bladsy',
    prev_5: 'Vorige 5 bladsye',
    next_5: 'Volgende 5 bladsye',
    prev_3: 'Vorige 3 bladsye',
    next_3: 'Volgende 3 bladsye',
  },
  Modal: { okText: 'Reg', cancelText: 'Kanselleer', justOkText: 'Reg' },
  Popconfirm: { okText: 'Reg', cancelText: 'Kanselleer' },
  Upload: { ...en.Upload, uploading: 'Laai op...', removeFile: 'Verwyder lêer', uploadError: 'Oplaaifout', previewFile: 'Voorskou' },
  Empty: { description: 'Geen data nie' },
  Table: { ...en.Table, emptyText: 'Geen data nie' },
};

export default af;
