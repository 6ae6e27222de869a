using DocStore.Bson;
using DocStore.BTree;
using DocStore.Engine.Reads;
using DocStore.Indexing;

namespace DocStore.Collections;

// Point reads that build a projection from the stored bytes: a unique find, and lookups of a list of keys.
// A document missing a selected field is deserialized and projected whole, as on the walks.
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>The projection of the one document whose key in unique <paramref name="index"/> equals <paramref name="key"/>; false when there is none.</summary>
    public bool FindUniqueAs<TResult>(DocStoreTransaction? transaction, int index, ReadOnlySpan<byte> key, StoredRead<TResult> read, Func<T, TResult> whole, out TResult result)
    {
        ArgumentNullException.ThrowIfNull(read);
        ArgumentNullException.ThrowIfNull(whole);
        CheckIndex(index);
        var lookup = new UniqueProjection<TResult>(index, key, read, whole);
        var (bound, found, value) = Lookup(transaction, lookup, static (c, pages, fields, a) =>
        {
            var binding = pages.Transaction is { } tx ? c.Bound(tx) : c.BoundAt(pages.SnapshotLsn);
            if (binding is null)
            {
                return (false, false, default(TResult));
            }

            bool hit = c.FindUniqueAsIn(pages, fields, binding, a, out var projected);
            return (true, hit, projected);
        });

        // Right after a catalog change the index set is confirmed in a transaction, as FindUnique does.
        if (!bound)
        {
            (found, value) = Read(null, lookup, static (c, tx, fields, a) =>
            {
                bool hit = c.FindUniqueAsIn(SnapshotRead.Of(tx).Pages, fields, c.Bound(tx), a, out var projected);
                return (hit, projected);
            });
        }

        result = value!;
        return found;
    }

    /// <summary>
    /// The projections of the documents with <paramref name="keys"/>, in their order, missing keys left out,
    /// after <paramref name="skip"/> found ones and at most <paramref name="take"/>, all read in one view (as <see cref="GetAll"/>).
    /// </summary>
    internal List<TResult> GetAllAs<TResult>(DocStoreTransaction? transaction, TKey[] keys, int skip, int take, StoredRead<TResult> read, Func<T, TResult> whole) =>
        Lookup(transaction, (Keys: keys, Skip: skip, Take: take, Read: read, Whole: whole), static (c, pages, fields, a) =>
        {
            var found = new List<TResult>(Math.Min(a.Keys.Length, a.Take));
            int skip = a.Skip;
            foreach (var key in a.Keys)
            {
                if (found.Count == a.Take)
                {
                    break;
                }

                if (!c.TryGetDocument(pages, c._core.EncodeKeyScratch(key), out var bytes))
                {
                    continue;
                }

                if (skip > 0)
                {
                    skip--;
                    continue;
                }

                found.Add(c.Project(bytes.Span, fields, a.Read, a.Whole));
            }

            return found;
        });

    private bool FindUniqueAsIn<TResult>(PageSource pages, IFieldDictionary fields, IndexBinding<T, TKey> binding, UniqueProjection<TResult> lookup, out TResult result)
    {
        var position = CheckIndex(binding, lookup.Index);
        if (!SnapshotRead.TryGet(pages, binding.Roots[position], binding.Trees[position], lookup.Key, out var primaryKey))
        {
            result = default!;
            return false;
        }

        if (!TryGetDocument(pages, primaryKey.Span, out var bytes))
        {
            throw DanglingEntry(binding, position, primaryKey.ToArray());
        }

        result = Project(bytes.Span, fields, lookup.Read, lookup.Whole);
        return true;
    }

    /// <summary>The arguments of a projected unique lookup; a ref struct, so the key can be a span over a scratch builder.</summary>
    private readonly ref struct UniqueProjection<TResult>(int index, ReadOnlySpan<byte> key, StoredRead<TResult> read, Func<T, TResult> whole)
    {
        public int Index { get; } = index;

        public ReadOnlySpan<byte> Key { get; } = key;

        public StoredRead<TResult> Read { get; } = read;

        public Func<T, TResult> Whole { get; } = whole;
    }
}
