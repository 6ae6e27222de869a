using System.Buffers;
using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Text;
using System.Text.Unicode;

namespace DocStore.Bson;

/// <summary>
/// The in-memory <see cref="IFieldDictionary"/>. New names get sequential ids: one more than the largest
/// id assigned so far, starting at 1. Lookups never lock and never allocate, and are safe from any
/// number of threads while one thread adds names (adds are serialized by a lock; readers see either the
/// table before an add or after it, never a partial entry).
/// </summary>
[SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "It is a dictionary of field names; the name is part of the C-BSON contract.")]
public sealed class FieldDictionary : IFieldDictionary
{
    private const int StackNameBytes = 256;

    private readonly Lock _addLock = new();
    private FieldTable _table;

    /// <summary>Creates an empty dictionary; the first name gets id 1.</summary>
    public FieldDictionary()
    {
        _table = new FieldTable(entryCapacity: 16, idCapacity: 17);
    }

    /// <summary>Creates a dictionary holding existing entries, for example loaded from the catalog.</summary>
    /// <param name="entries">The entries, in any order. New names then get ids above the largest one here.</param>
    /// <exception cref="ArgumentException">A name is invalid or repeated, or an id is reserved (0, 65535) or repeated.</exception>
    public FieldDictionary(IEnumerable<FieldDictionaryEntry> entries)
        : this()
    {
        ArgumentNullException.ThrowIfNull(entries);
        foreach (var entry in entries)
        {
            var utf8 = ToValidatedUtf8(entry.Name, nameof(entries));
            if (!CBsonLimits.IsValidFieldId(entry.Id))
            {
                throw new ArgumentException($"Field '{entry.Name}' has the reserved id {entry.Id}; valid ids are 1..65534.", nameof(entries));
            }

            var table = _table;
            if (table.TryGetName(entry.Id, out var existing))
            {
                throw new ArgumentException($"Field id {entry.Id} is given to both '{existing}' and '{entry.Name}'.", nameof(entries));
            }

            if (table.TryFind(utf8, FieldTable.Hash(utf8), out var existingId))
            {
                throw new ArgumentException($"Field name '{entry.Name}' appears twice, with ids {existingId} and {entry.Id}.", nameof(entries));
            }

            Add(entry.Name, utf8, entry.Id);
        }
    }

    /// <inheritdoc/>
    public int Count => Volatile.Read(ref _table).Count;

    /// <inheritdoc/>
    public bool TryGetId(ReadOnlySpan<byte> utf8Name, out ushort id) =>
        Volatile.Read(ref _table).TryFind(utf8Name, FieldTable.Hash(utf8Name), out id);

    /// <inheritdoc/>
    public bool TryGetId(ReadOnlySpan<char> name, out ushort id)
    {
        id = 0;
        var maxBytes = (long)name.Length * 3;
        byte[]? rented = null;
        var buffer = maxBytes <= StackNameBytes
            ? stackalloc byte[StackNameBytes]
            : (rented = ArrayPool<byte>.Shared.Rent(Encoding.UTF8.GetByteCount(name)));
        try
        {
            // A name that is not valid UTF-16 can never have been added.
            if (Utf8.FromUtf16(name, buffer, out _, out var written, replaceInvalidSequences: false) != OperationStatus.Done)
            {
                return false;
            }

            return TryGetId(buffer[..written], out id);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }

    /// <inheritdoc/>
    public bool TryGetName(ushort id, [NotNullWhen(true)] out string? name) => Volatile.Read(ref _table).TryGetName(id, out name);

    /// <inheritdoc/>
    public bool TryGetNameUtf8(ushort id, out ReadOnlySpan<byte> utf8Name) => Volatile.Read(ref _table).TryGetNameUtf8(id, out utf8Name);

    /// <inheritdoc/>
    public string GetName(ushort id) =>
        TryGetName(id, out var name) ? name : throw new KeyNotFoundException($"Field id {id} is not in the field dictionary.");

    /// <inheritdoc/>
    public ushort GetOrAdd(string name)
    {
        if (TryGetId(name.AsSpan(), out var id))
        {
            return id;
        }

        var utf8 = ToValidatedUtf8(name, nameof(name));
        lock (_addLock)
        {
            var table = _table;
            if (table.TryFind(utf8, FieldTable.Hash(utf8), out id))
            {
                return id;
            }

            if (table.MaxId >= CBsonLimits.MaxFieldId)
            {
                throw new FieldDictionaryFullException(name, table.Count);
            }

            id = (ushort)(table.MaxId + 1);
            Add(name, utf8, id);
            return id;
        }
    }

    /// <summary>Enumerates the entries in id order, from a snapshot taken when enumeration starts.</summary>
    /// <returns>The entries.</returns>
    public IEnumerator<FieldDictionaryEntry> GetEnumerator()
    {
        var table = Volatile.Read(ref _table);
        var maxId = table.MaxId;
        for (var id = 1; id <= maxId; id++)
        {
            if (table.TryGetName((ushort)id, out var name))
            {
                yield return new FieldDictionaryEntry((ushort)id, name);
            }
        }
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    private void Add(string name, byte[] utf8, ushort id)
    {
        // Adds happen under the lock (or in the constructor); a full table is replaced by a larger copy
        // that readers pick up on their next lookup, while lookups already running finish on the old one.
        var table = _table;
        if (!table.HasRoomFor(id))
        {
            table = table.Grow(id);
            Volatile.Write(ref _table, table);
        }

        table.Append(name, utf8, id);
    }

    private static byte[] ToValidatedUtf8(string? name, string paramName)
    {
        ArgumentNullException.ThrowIfNull(name, paramName);
        if (name.Length == 0)
        {
            throw new ArgumentException("A field name must not be empty.", paramName);
        }

        if (name.Contains('\0', StringComparison.Ordinal))
        {
            throw new ArgumentException($"The field name '{name.Replace("\0", "\\0", StringComparison.Ordinal)}' contains a NUL character.", paramName);
        }

        var utf8 = new byte[Encoding.UTF8.GetByteCount(name)];
        if (Utf8.FromUtf16(name, utf8, out var read, out _, replaceInvalidSequences: false) != OperationStatus.Done)
        {
            throw new ArgumentException($"The field name has an unpaired surrogate at index {read}.", paramName);
        }

        return utf8;
    }
}
