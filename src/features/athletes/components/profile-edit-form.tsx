import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { KG_PER_LB } from '#domain/scoring/units.ts';
import { toast } from '#src/lib/toast.ts';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { GymPicker, type PickedGym } from '#src/components/gym-picker.tsx';
import { AvatarUpload } from './avatar-upload.tsx';
import {
  isUploadedAvatar,
  PRIVACY_LABELS,
  SEX_LABELS,
  useUpdateMyAthleteProfile,
  type AthleteProfileInput,
  type FieldPrivacy,
  type MyAthleteProfile,
  type ProfilePrivacy,
  type Units,
} from '../api/profile.ts';

const MIN_KG = 20;
const MAX_KG = 350;

type Field = 'display_name' | 'birth_year' | 'bodyweight' | 'gym' | 'bio' | 'avatar_url' | 'time_zone';
type Problems = Partial<Record<Field, string>>;

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function zones(current: string): string[] {
  let list: string[];
  try {
    list = Intl.supportedValuesOf('timeZone');
  } catch {
    list = [];
  }
  return list.includes(current) ? list : [current, ...list];
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Bodyweight as the athlete types it: kg, or lb when they prefer imperial. */
function bodyweightText(kg: number | null, units: Units): string {
  if (kg === null) return '';
  return String(round1(units === 'imperial' ? kg / KG_PER_LB : kg));
}

/** The signed-in athlete's profile: every field, with who may see it. */
export function ProfileEditForm({ profile, onDone }: { profile: MyAthleteProfile; onDone: () => void }) {
  const id = useId();
  const save = useUpdateMyAthleteProfile();
  const [displayName, setDisplayName] = useState(profile.display_name);
  const [sex, setSex] = useState<'' | 'male' | 'female'>(profile.sex ?? '');
  const [birthYear, setBirthYear] = useState(profile.birth_year === null ? '' : String(profile.birth_year));
  const [units, setUnits] = useState<Units>(profile.units);
  const [bodyweight, setBodyweight] = useState(bodyweightText(profile.bodyweight_kg, profile.units));
  const [gym, setGym] = useState<PickedGym | null>(profile.gym ? { id: profile.gym_id ?? null, name: profile.gym } : null);
  const [bio, setBio] = useState(profile.bio);
  const [avatarUrl, setAvatarUrl] = useState(profile.avatar_url ?? '');
  const [timeZone, setTimeZone] = useState(profile.exists ? profile.time_zone : browserZone());
  const [privacy, setPrivacy] = useState<ProfilePrivacy>(profile.privacy);
  const [problems, setProblems] = useState<Problems>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const zoneList = useMemo(() => zones(timeZone), [timeZone]);
  const refs: Record<Field, RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>> = {
    display_name: useRef(null),
    birth_year: useRef(null),
    bodyweight: useRef(null),
    gym: useRef(null),
    bio: useRef(null),
    avatar_url: useRef(null),
    time_zone: useRef(null),
  };

  const weightUnit = units === 'imperial' ? 'lb' : 'kg';

  const changeUnits = (next: Units) => {
    // Keep the same body weight, shown in the new unit.
    const n = Number(bodyweight);
    if (bodyweight.trim() && Number.isFinite(n) && next !== units) {
      setBodyweight(String(round1(next === 'imperial' ? n / KG_PER_LB : n * KG_PER_LB)));
    }
    setUnits(next);
  };

  const build = (): { body?: AthleteProfileInput; found: Problems } => {
    const found: Problems = {};
    const name = displayName.trim();
    if (!name) found.display_name = 'Enter the name other athletes see.';
    else if (name.length > 80) found.display_name = 'Use 80 characters or fewer.';

    let birth: number | null = null;
    if (birthYear.trim()) {
      const year = new Date().getFullYear();
      birth = Number(birthYear);
      if (!/^\d{4}$/.test(birthYear.trim())) found.birth_year = 'Enter a four-digit year, such as 1990.';
      else if (year - birth < 13) found.birth_year = 'Athletes must be at least 13 this year.';
      else if (year - birth > 120) found.birth_year = `Check the year: that would make you over 120.`;
    }

    let kg: number | null = null;
    if (bodyweight.trim()) {
      const n = Number(bodyweight.trim());
      kg = units === 'imperial' ? n * KG_PER_LB : n;
      if (!/^\d+(\.\d+)?$/.test(bodyweight.trim()) || !Number.isFinite(n))
        found.bodyweight = `Enter your body weight in ${weightUnit}, such as ${units === 'imperial' ? '180' : '82.5'}.`;
      else if (kg < MIN_KG || kg > MAX_KG) {
        found.bodyweight =
          units === 'imperial'
            ? `Enter a body weight between ${Math.ceil(MIN_KG / KG_PER_LB)} and ${Math.floor(MAX_KG / KG_PER_LB)} lb.`
            : `Enter a body weight between ${MIN_KG} and ${MAX_KG} kg.`;
      } else kg = Math.round(kg * 100) / 100;
    }

    if (bio.length > 1000) found.bio = 'Use 1000 characters or fewer.';
    const avatar = avatarUrl.trim();
    const uploaded = isUploadedAvatar(avatar);
    if (avatar && !uploaded) {
      let ok = false;
      try {
        ok = new URL(avatar).protocol === 'https:';
      } catch {
        ok = false;
      }
      if (!ok) found.avatar_url = 'Enter an image address starting with https://, or leave it empty.';
      else if (avatar.length > 500) found.avatar_url = 'The address is too long (500 characters at most).';
    }
    if (!timeZone) found.time_zone = 'Choose your time zone.';
    if (Object.keys(found).length > 0) return { found };
    return {
      found,
      body: {
        display_name: name,
        sex: sex || null,
        birth_year: birth,
        bodyweight_kg: kg,
        // A gym kept from before gyms were listed travels by name; the server links it.
        ...(gym?.id ? { gym_id: gym.id } : { gym: gym?.name ?? null }),
        units,
        bio: bio.trim(),
        // An uploaded picture is saved by its own call; the form leaves it as it is.
        ...(uploaded ? {} : { avatar_url: avatar || null }),
        time_zone: timeZone,
        privacy,
      },
    };
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setServerProblem(null);
    const { body, found } = build();
    setProblems(found);
    if (!body) {
      const first = (Object.keys(refs) as Field[]).find((f) => found[f]);
      if (first) refs[first].current?.focus();
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Profile saved.', variant: 'success' });
        onDone();
      },
      onError: (err) => setServerProblem(err.message),
    });
  };

  const a11y = (field: Field, hint = false) => ({
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby':
      [hint ? `${id}-${field}-hint` : '', problems[field] ? `${id}-${field}-problem` : ''].filter(Boolean).join(' ') || undefined,
  });
  const problem = (field: Field) =>
    problems[field] ? (
      <p id={`${id}-${field}-problem`} className="error-text">
        {problems[field]}
      </p>
    ) : null;
  const clear = (field: Field) => setProblems((p) => ({ ...p, [field]: undefined }));

  const privacySelect = (field: keyof ProfilePrivacy, what: string) => (
    <Select<FieldPrivacy>
      id={`${id}-privacy-${field}`}
      className="field profile-privacy"
      label={
        <>
          Visible to<span className="visually-hidden"> ({what})</span>
        </>
      }
      options={[
        { value: 'public', label: 'Everyone' },
        { value: 'private', label: PRIVACY_LABELS.private },
      ]}
      value={privacy[field]}
      onChange={(v) => setPrivacy((p) => ({ ...p, [field]: v }))}
    />
  );

  const withPrivacy = (field: keyof ProfilePrivacy, what: string, children: ReactNode) => (
    <div className="profile-field-row">
      {children}
      {privacySelect(field, what)}
    </div>
  );

  return (
    <form className="form profile-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-display_name`}>Display name</label>
        <input
          id={`${id}-display_name`}
          ref={refs.display_name as RefObject<HTMLInputElement>}
          maxLength={80}
          autoComplete="nickname"
          value={displayName}
          onChange={(e) => {
            setDisplayName(e.target.value);
            clear('display_name');
          }}
          required
          {...a11y('display_name', true)}
        />
        <p id={`${id}-display_name-hint`} className="hint">
          Shown on leaderboards and your profile. Always public.
        </p>
        {problem('display_name')}
      </div>

      <fieldset className="profile-units">
        <legend>Units</legend>
        <div className="record-seg">
          {(
            [
              ['metric', 'Metric (kg, km)'],
              ['imperial', 'Imperial (lb, miles)'],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-units`}
                value={value}
                checked={units === value}
                onChange={() => changeUnits(value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {withPrivacy(
        'sex',
        'sex',
        <Select<'male' | 'female'>
          id={`${id}-sex`}
          label="Sex"
          noneLabel="Prefer not to say"
          options={[
            { value: 'female', label: SEX_LABELS.female },
            { value: 'male', label: SEX_LABELS.male },
          ]}
          value={sex || null}
          onChange={(v) => setSex(v ?? '')}
          hint="Picks the standards your results are scored against."
        />,
      )}

      {withPrivacy(
        'birth_year',
        'birth year and age group',
        <div className="field">
          <label htmlFor={`${id}-birth_year`}>Birth year</label>
          <input
            id={`${id}-birth_year`}
            ref={refs.birth_year as RefObject<HTMLInputElement>}
            inputMode="numeric"
            autoComplete="bday-year"
            maxLength={4}
            placeholder="e.g. 1990"
            value={birthYear}
            onChange={(e) => {
              setBirthYear(e.target.value);
              clear('birth_year');
            }}
            {...a11y('birth_year', true)}
          />
          <p id={`${id}-birth_year-hint`} className="hint">
            Others see only your age group, never the year.
          </p>
          {problem('birth_year')}
        </div>,
      )}

      {withPrivacy(
        'bodyweight',
        'body weight and weight class',
        <div className="field">
          <label htmlFor={`${id}-bodyweight`}>Body weight ({weightUnit})</label>
          <input
            id={`${id}-bodyweight`}
            ref={refs.bodyweight as RefObject<HTMLInputElement>}
            inputMode="decimal"
            placeholder={units === 'imperial' ? 'e.g. 180' : 'e.g. 82.5'}
            value={bodyweight}
            onChange={(e) => {
              setBodyweight(e.target.value);
              clear('bodyweight');
            }}
            {...a11y('bodyweight', true)}
          />
          <p id={`${id}-bodyweight-hint`} className="hint">
            Others see only your weight class.
          </p>
          {problem('bodyweight')}
        </div>,
      )}

      {withPrivacy(
        'gym',
        'gym',
        <GymPicker
          id={`${id}-gym`}
          allowCreate
          hint="Pick your gym from the list, or add it if it is not listed yet."
          value={gym}
          onChange={(picked) => {
            setGym(picked ? { id: picked.id, name: picked.name } : null);
            clear('gym');
          }}
        />,
      )}

      {withPrivacy(
        'bio',
        'bio',
        <div className="field">
          <label htmlFor={`${id}-bio`}>Bio</label>
          <textarea
            id={`${id}-bio`}
            ref={refs.bio as RefObject<HTMLTextAreaElement>}
            rows={4}
            maxLength={1000}
            value={bio}
            onChange={(e) => {
              setBio(e.target.value);
              clear('bio');
            }}
            {...a11y('bio', true)}
          />
          <p id={`${id}-bio-hint`} className="hint">
            {1000 - bio.length} characters left.
          </p>
          {problem('bio')}
        </div>,
      )}

      <div className="profile-field-row profile-field-single">
        <Select<FieldPrivacy>
          id={`${id}-records`}
          label="Who sees your records"
          options={[
            { value: 'public', label: 'Everyone' },
            { value: 'private', label: PRIVACY_LABELS.private },
          ]}
          value={privacy.records}
          onChange={(v) => setPrivacy((p) => ({ ...p, records: v }))}
          hint="Your bests, progress and activity on your profile page. Approved results still count on leaderboards."
        />
      </div>

      {profile.exists ? (
        <AvatarUpload
          name={profile.display_name}
          url={avatarUrl.trim() || null}
          uploaded={isUploadedAvatar(avatarUrl)}
          onChange={(url) => setAvatarUrl(url ?? '')}
        />
      ) : (
        <p className="muted">Once your profile is saved you can upload a picture here.</p>
      )}

      {isUploadedAvatar(avatarUrl) ? null : (
        <div className="field">
          <label htmlFor={`${id}-avatar_url`}>Picture address (optional)</label>
          <input
            id={`${id}-avatar_url`}
            ref={refs.avatar_url as RefObject<HTMLInputElement>}
            type="url"
            inputMode="url"
            maxLength={500}
            placeholder="https://"
            value={avatarUrl}
            onChange={(e) => {
              setAvatarUrl(e.target.value);
              clear('avatar_url');
            }}
            {...a11y('avatar_url', true)}
          />
          <p id={`${id}-avatar_url-hint`} className="hint">
            A link to an image starting with https://. Always public.
          </p>
          {problem('avatar_url')}
        </div>
      )}

      <div className="field">
        <label htmlFor={`${id}-time_zone`}>Time zone</label>
        <select
          id={`${id}-time_zone`}
          ref={refs.time_zone as RefObject<HTMLSelectElement>}
          value={timeZone}
          onChange={(e) => {
            setTimeZone(e.target.value);
            clear('time_zone');
          }}
          {...a11y('time_zone', true)}
        >
          {zoneList.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${id}-time_zone-hint`} className="hint">
          Days for your records and streaks count in this zone.
        </p>
        {problem('time_zone')}
      </div>

      <FormFooter
        submitLabel="Save profile"
        pending={save.isPending}
        error={serverProblem}
        cancel={{ onClick: onDone, disableWhilePending: true }}
      />
    </form>
  );
}
