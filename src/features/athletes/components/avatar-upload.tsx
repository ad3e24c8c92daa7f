import { Trash2 } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { FileDropZone } from '#src/components/ui/file-drop-zone.tsx';
import { toast } from '#src/lib/toast.ts';
import { IMAGE_MAX_BYTES } from '#domain/images.ts';
import { useAvatar } from '../api/profile.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

/** The athlete's picture: upload one (it replaces the last) or remove it; saved at once, apart from the form. */
export function AvatarUpload({
  name,
  url,
  uploaded,
  onChange,
}: {
  name: string;
  url: string | null;
  /** The picture shown is one uploaded here (so it can be removed). */
  uploaded: boolean;
  onChange: (url: string | null) => void;
}) {
  const { upload, remove } = useAvatar();
  return (
    <div className="field avatar-upload">
      <span className="label">Profile picture</span>
      <div className="avatar-upload-row">
        <ProfileAvatar name={name} url={url} size={72} />
        <div className="avatar-upload-controls">
          <FileDropZone
            label={upload.isPending ? 'Uploading…' : uploaded ? 'Change picture' : 'Upload a picture'}
            accept="image/jpeg,image/png,image/webp"
            disabled={upload.isPending}
            dropText="Drop a JPEG, PNG or WebP picture here, or"
            hint={`At most ${IMAGE_MAX_BYTES / 1024 / 1024} MB. Location and camera details are removed. Always public.`}
            error={upload.error?.message}
            onFile={(file) => {
              if (!file) return;
              upload.mutate(file, {
                onSuccess: (saved) => {
                  onChange(saved.avatar_url);
                  toast({ title: 'Picture saved.', variant: 'success' });
                },
              });
            }}
          />
          {uploaded ? (
            <Button
              size="sm"
              variant="ghost"
              icon={<Trash2 size={16} aria-hidden />}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    onChange(null);
                    toast({ title: 'Picture removed.', variant: 'success' });
                  },
                  onError: (error) => toast({ title: error.message, variant: 'error' }),
                })
              }
            >
              Remove picture
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
