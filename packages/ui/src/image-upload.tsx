// Pictures for a form (reviews, refunds, loan identity photos, the seller's shop logo and banner): JPEG or PNG only, checked here by
// type, content and size before anything is sent, each uploaded at once through uploadimg!execute,
// previewed, removable. The parent hears the stored URLs and whether an upload is still running, so it
// can keep its submit button disabled until every picture is stored (spec section 5).
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Image, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiContext } from './ui-context.tsx';
import './image-upload.css';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
const MB = 1024 * 1024;
/** The server's limit for ordinary uploads (uploads module: "general" 10M). */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * MB;

/** The image format of a file's first bytes, whatever its name or declared type says. */
export function sniffImageType(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

export type ImageFileProblem = 'type' | 'size';

/** Declared type and size, before reading the file. */
export function checkImageFile(file: { type: string; size: number }, maxBytes: number): ImageFileProblem | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size <= 0 || file.size > maxBytes) return 'size';
  return undefined;
}

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10}M`;
}

interface Item {
  key: number;
  /** the stored image once uploaded */
  url?: string;
  /** a local preview while uploading */
  preview?: string;
  controller?: AbortController;
}

export interface ImageUploadProps {
  /** `moduleName` of uploadimg!execute (decides the server's size limit) */
  moduleName: string;
  maxCount: number;
  maxBytes?: number;
  /** stored pictures to start with */
  value?: readonly string[];
  onChange?: (urls: string[]) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** id of the file input, for an outside <label htmlFor> (antd Form.Item passes it) */
  id?: string;
  /** the file input's accessible name when a form shows several of these (default: "add a picture, n of max") */
  inputLabel?: string;
  disabled?: boolean;
}

export function ImageUpload({ moduleName, maxCount, maxBytes = DEFAULT_MAX_IMAGE_BYTES, value, onChange, onUploadingChange, id, inputLabel, disabled }: ImageUploadProps) {
  const { t } = useTranslation('orders');
  const { api, toast: message } = useUiContext();
  const nextKey = useRef(0);
  const [items, setItems] = useState<Item[]>(() => (value ?? []).map((url) => ({ key: nextKey.current++, url })));
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const handlers = useRef({ onChange, onUploadingChange });
  handlers.current = { onChange, onUploadingChange };

  const uploading = items.some((item) => item.url === undefined);
  const urls = items.flatMap((item) => (item.url ? [item.url] : []));
  const urlsKey = urls.join('\n');

  useEffect(() => {
    handlers.current.onUploadingChange?.(uploading);
  }, [uploading]);

  const emitted = useRef(urlsKey);
  useEffect(() => {
    if (emitted.current === urlsKey) return;
    emitted.current = urlsKey;
    handlers.current.onChange?.(urlsKey === '' ? [] : urlsKey.split('\n'));
  }, [urlsKey]);

  // leaving the page: stop running uploads and free the previews
  useEffect(
    () => () => {
      for (const item of itemsRef.current) {
        item.controller?.abort();
        if (item.preview) URL.revokeObjectURL(item.preview);
      }
    },
    [],
  );

  const upload = async (file: File, key: number, controller: AbortController) => {
    try {
      const url = await api.upload(file, file.name || 'picture', moduleName, { signal: controller.signal });
      setItems((current) => current.map((item) => (item.key === key ? { key, url } : item)));
    } catch {
      // the API client has shown the server's message; the picture is dropped
      setItems((current) => current.filter((item) => item.key !== key));
    } finally {
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (item?.preview) URL.revokeObjectURL(item.preview);
    }
  };

  const accept = async (files: File[]) => {
    const room = maxCount - itemsRef.current.length;
    if (files.length > room) void message.warning(t('upload.tooMany', { max: maxCount }));
    const added: { file: File; item: Item & { controller: AbortController } }[] = [];
    for (const file of files.slice(0, Math.max(room, 0))) {
      const problem = checkImageFile(file, maxBytes) ?? (sniffImageType(new Uint8Array(await file.slice(0, 8).arrayBuffer())) ? undefined : 'type');
      if (problem === 'type') {
        void message.error(t('upload.invalidType', { name: file.name }));
        continue;
      }
      if (problem === 'size') {
        void message.error(t('upload.tooLarge', { name: file.name, size: formatMegabytes(maxBytes) }));
        continue;
      }
      added.push({ file, item: { key: nextKey.current++, preview: URL.createObjectURL(file), controller: new AbortController() } });
    }
    if (added.length === 0) return;
    setItems((current) => [...current, ...added.map(({ item }) => item)].slice(0, maxCount));
    for (const { file, item } of added) void upload(file, item.key, item.controller);
  };

  const remove = (key: number) => {
    const item = itemsRef.current.find((candidate) => candidate.key === key);
    item?.controller?.abort();
    if (item?.preview) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((candidate) => candidate.key !== key));
  };

  return (
    <div className="image-upload">
      <ul className="image-upload-list">
        {items.map((item, index) => {
          const label = t('upload.picture', { index: index + 1 });
          const src = item.url ?? item.preview;
          return (
            <li key={item.key} className="image-upload-item">
              {src ? <Image src={src} alt={label} width={88} height={88} className="image-upload-image" preview={item.url !== undefined} /> : null}
              {item.url === undefined ? (
                <span className="image-upload-progress">
                  <Spin size="small" />
                  <span>{t('upload.uploading')}</span>
                </span>
              ) : null}
              <button type="button" className="image-upload-remove" aria-label={t('upload.remove', { index: index + 1 })} onClick={() => remove(item.key)} disabled={disabled}>
                <CloseOutlined aria-hidden="true" />
              </button>
            </li>
          );
        })}
        {items.length < maxCount ? (
          <li className="image-upload-item">
            <label className={`image-upload-add${disabled ? ' image-upload-add-disabled' : ''}`}>
              <input
                id={id}
                className="image-upload-input"
                type="file"
                accept={IMAGE_TYPES.join(',')}
                multiple
                disabled={disabled}
                aria-label={inputLabel ?? t('upload.addLabel', { count: items.length, max: maxCount })}
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  event.target.value = '';
                  void accept(files);
                }}
              />
              <PlusOutlined aria-hidden="true" />
              <span aria-hidden="true">{t('upload.add')}</span>
            </label>
          </li>
        ) : null}
      </ul>
      <span className="image-upload-status" role="status">
        {uploading ? t('upload.uploading') : ''}
      </span>
    </div>
  );
}
