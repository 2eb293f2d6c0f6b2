// Ant Design ships no Afrikaans pack.
import { packOverEnglish } from './antd-locale-over-english.ts';

export default packOverEnglish({
  locale: 'af',
  placeholder: 'Kies asseblief',
  close: 'Maak toe',
  pagination: {
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
  ok: 'Reg',
  cancel: 'Kanselleer',
  upload: { uploading: 'Laai op...', removeFile: 'Verwyder lêer', uploadError: 'Oplaaifout', previewFile: 'Voorskou' },
  noData: 'Geen data nie',
});
