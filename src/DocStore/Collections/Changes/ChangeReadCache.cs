using DocStore.Bson;
using DocStore.BTree;

namespace DocStore.Collections.Changes;

/// <summary>
/// What one feed keeps from snapshot to snapshot, so a live consumer allocates little per commit: the
/// batch's list and the buffer its entries are copied into (both reused once the batch was delivered), the
/// names its entries repeat, and the field names copies already loaded.
/// </summary>
internal sealed class ChangeReadCache
{
    // A buffer grown past this by a batch of huge documents is dropped at the next batch, not kept.
    private const int KeptBufferBytes = 1024 * 1024;

    // Distinct collection and key field names kept decoded; a feed over more collections decodes the rest each time.
    private const int KeptNames = 32;

    private readonly List<(byte[] Utf8, string Name)> _names = [];
    private readonly Dictionary<uint, (int Length, long Batch, FieldDictionary Fields)> _fields = [];
    private byte[] _bytes = [];
    private int _used;
    private long _batch;
    private ulong _log;

    /// <summary>The entries of the batch being read.</summary>
    public List<ChangeRecord> Records { get; } = [];

    /// <summary>Starts a batch of the log <paramref name="log"/>: the previous batch's entries must all have been delivered.</summary>
    public void Begin(ulong log)
    {
        Records.Clear();
        _used = 0;
        _batch++;
        if (_bytes.Length > KeptBufferBytes)
        {
            _bytes = [];
        }

        if (log != _log)
        {
            // Another log (the file was replaced): its copies are not this one's.
            _fields.Clear();
            _log = log;
        }
    }

    /// <summary>
    /// <paramref name="value"/> copied out of the snapshot, whose page images are reused once it ends; the
    /// copy stays valid until the batch after the next <see cref="Begin"/>.
    /// </summary>
    public ReadOnlyMemory<byte> Copy(ReadOnlySpan<byte> value)
    {
        if (_bytes.Length - _used < value.Length)
        {
            // A new array: the entries already copied keep the old one.
            _bytes = new byte[Math.Max(Math.Max(_bytes.Length * 2, 16 * 1024), value.Length)];
            _used = 0;
        }

        var start = _used;
        value.CopyTo(_bytes.AsSpan(start));
        _used += value.Length;
        return new ReadOnlyMemory<byte>(_bytes, start, value.Length);
    }

    /// <summary>The name whose UTF-8 is <paramref name="utf8"/>, decoded once.</summary>
    public string Name(ReadOnlySpan<byte> utf8)
    {
        foreach (var (known, name) in _names)
        {
            if (utf8.SequenceEqual(known))
            {
                return name;
            }
        }

        var decoded = System.Text.Encoding.UTF8.GetString(utf8);
        if (_names.Count < KeptNames)
        {
            _names.Add((utf8.ToArray(), decoded));
        }

        return decoded;
    }

    /// <summary>
    /// The field names copy <paramref name="id"/> as <paramref name="log"/> holds it in this batch's snapshot:
    /// loaded again only when it grew since it was loaded (a copy only ever gains names, so its length tells).
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The log has no such copy, or it is truncated.</exception>
    public FieldDictionary Fields(Tree log, uint id)
    {
        if (_fields.TryGetValue(id, out var known) && known.Batch == _batch)
        {
            return known.Fields;
        }

        var stored = ChangeLogFields.Stored(log, id);
        var fields = known.Fields is not null && known.Length == stored.Length ? known.Fields : ChangeLogFields.Parse(id, stored.Span);
        _fields[id] = (stored.Length, _batch, fields);
        return fields;
    }
}
