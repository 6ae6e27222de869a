using System.ComponentModel;
using System.Text;

namespace DocStore.Metadata;

/// <summary>
/// Shares equal short strings between the documents of one read, for generated
/// <see cref="IJsonDocumentSerializer{T}"/> code: a read of many documents (a range, a scan) passes one table to
/// each <see cref="IJsonDocumentSerializer{T}.ReadJson(ReadOnlySpan{byte}, JsonStringTable?)"/>, so a value that
/// repeats across them (a city, a tag) is allocated once. Short ASCII values only, in a bounded table that grows
/// with its misses up to a fixed size; a slot that was hit survives one miss, so values seen once do not push out
/// the ones that repeat. Not thread-safe: one table belongs to one read.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class JsonStringTable
{
    // Longer values rarely repeat; comparing them would cost more than the string saves.
    private const int MaxLength = 32;
    private const int FirstSlots = 64;
    private const int MaxSlots = 1024;

    private string?[] _slots = new string?[FirstSlots];
    private bool[] _hit = new bool[FirstSlots];
    private int _misses;

    /// <summary>The string of the UTF-8 <paramref name="utf8"/>, shared with an equal earlier one; null when the value is not shared (too long, not ASCII).</summary>
    /// <param name="utf8">A string value's unescaped UTF-8 bytes.</param>
    /// <returns>The string, or null: the caller then makes it as usual.</returns>
    internal string? Get(ReadOnlySpan<byte> utf8)
    {
        if (utf8.Length is 0 or > MaxLength || !Ascii.IsValid(utf8))
        {
            return null;
        }

        var hash = Hash(utf8);
        var slot = (int)(hash & (uint)(_slots.Length - 1));
        if (_slots[slot] is { } shared && Ascii.Equals(utf8, shared))
        {
            _hit[slot] = true;
            return shared;
        }

        var value = Encoding.ASCII.GetString(utf8);
        if (_hit[slot])
        {
            // A value that repeated keeps its slot through one miss.
            _hit[slot] = false;
        }
        else
        {
            _slots[slot] = value;
        }

        if (++_misses >= 2 * _slots.Length && _slots.Length < MaxSlots)
        {
            Grow();
        }

        return value;
    }

    private void Grow()
    {
        var slots = new string?[_slots.Length * 2];
        var hit = new bool[slots.Length];
        for (var i = 0; i < _slots.Length; i++)
        {
            if (_slots[i] is { } value)
            {
                var slot = (int)(Hash(value) & (uint)(slots.Length - 1));
                slots[slot] = value;
                hit[slot] = _hit[i];
            }
        }

        (_slots, _hit, _misses) = (slots, hit, 0);
    }

    // FNV-1a over the bytes; a kept value is ASCII, so its chars hash as its bytes did.
    private static uint Hash(ReadOnlySpan<byte> utf8)
    {
        var hash = 2166136261u;
        foreach (var b in utf8)
        {
            hash = (hash ^ b) * 16777619u;
        }

        return hash;
    }

    private static uint Hash(string value)
    {
        var hash = 2166136261u;
        foreach (var c in value)
        {
            hash = (hash ^ c) * 16777619u;
        }

        return hash;
    }
}
