/** A customer's tags as chips; a dash for none. */
export function CustomerTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <>—</>;
  return (
    <span className="customer-tags">
      {tags.map((tag) => (
        <span key={tag} className="customer-tag">
          {tag}
        </span>
      ))}
    </span>
  );
}
