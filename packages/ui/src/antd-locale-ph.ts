// Ant Design ships no Filipino pack.
import { packOverEnglish } from './antd-locale-over-english.ts';

export default packOverEnglish({
  locale: 'fil',
  placeholder: 'Pumili',
  close: 'Isara',
  pagination: {
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
  ok: 'Sige',
  cancel: 'Kanselahin',
  upload: { uploading: 'Nag-a-upload...', removeFile: 'Alisin ang file', uploadError: 'Nabigo ang pag-upload', previewFile: 'Silipin' },
  noData: 'Walang datos',
});
