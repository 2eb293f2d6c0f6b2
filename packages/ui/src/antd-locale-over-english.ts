// Ant Design ships no pack for some of our languages: the texts our screens show, over the English
// pack's structure (everything else stays English).
import en from 'antd/es/locale/en_US';
import type { Locale as AntdLocale } from 'antd/es/locale';

export interface PackTexts {
  locale: string;
  placeholder: string;
  close: string;
  /** items_per_page, jump_to, jump_to_confirm, page, prev_page, next_page, prev_5, next_5, prev_3, next_3 */
  pagination: Required<Pick<NonNullable<AntdLocale['Pagination']>, 'items_per_page' | 'jump_to' | 'jump_to_confirm' | 'page' | 'prev_page' | 'next_page' | 'prev_5' | 'next_5' | 'prev_3' | 'next_3'>>;
  ok: string;
  cancel: string;
  upload: { uploading: string; removeFile: string; uploadError: string; previewFile: string };
  noData: string;
}

export function packOverEnglish(texts: PackTexts): AntdLocale {
  return {
    ...en,
    locale: texts.locale,
    global: { ...en.global, placeholder: texts.placeholder, close: texts.close },
    Pagination: { ...en.Pagination, ...texts.pagination },
    Modal: { okText: texts.ok, cancelText: texts.cancel, justOkText: texts.ok },
    Popconfirm: { okText: texts.ok, cancelText: texts.cancel },
    Upload: { ...en.Upload, ...texts.upload },
    Empty: { description: texts.noData },
    Table: { ...en.Table, emptyText: texts.noData },
  };
}
