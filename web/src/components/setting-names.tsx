/** Names of server settings (environment variables) as code, joined as a sentence: "A, B and C". */
export function SettingNames({ names }: { names: readonly string[] }) {
  return names.map((name, index) => (
    <span key={name}>
      {index > 0 && (index === names.length - 1 ? ' and ' : ', ')}
      <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.8em]">{name}</code>
    </span>
  ));
}
