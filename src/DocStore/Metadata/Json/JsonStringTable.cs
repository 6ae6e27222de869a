using System.ComponentModel;
using System.Text;

namespace DocStore.Metadata;

/// <summary>
/// Shares equal short strings between the documents of one read, for generated
/// <see cref="IJsonDocumentSerializer{T}"/> code: a read of many documents (a range, a scan) passes one table to
/// each <see cref="IJsonDocumentSerializer{T}.ReadJson(ReadOnlySpan{byte}, JsonStringTable?)"/>, so a value that
/// repeats across them (a city, a tag) is allocated once. Short ASCII values only, in a bounded two-way table that
/// grows with its misses up to a fixed size; a new value takes a slot whose value was not hit since it was stored,
/// so values seen once do not push out the ones that repeat. Not thread-safe: one table belongs to one read.
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

        // Two ways per set: a value lives in slot s or s ^ 1 of its hash's pair.
        var slot = (int)(Hash(utf8) & (uint)(_slots.Length - 1));
        if (_slots[slot] is { } shared && Ascii.Equals(utf8, shared))
        {
            _hit[slot] = true;
            return shared;
        }

        if (_slots[slot ^ 1] is { } other && Ascii.Equals(utf8, other))
        {
            _hit[slot ^ 1] = true;
            return other;
        }

        var value = Encoding.ASCII.GetString(utf8);
        if (Victim(slot) is { } victim)
        {
            _slots[victim] = value;
        }

        if (++_misses >= _slots.Length && _slots.Length < MaxSlots)
        {
            Grow();
        }

        return value;
    }

    // The slot of the pair a new value takes: an empty one, else one not hit since it was stored; when both
    // were hit, none, and both lose their flag (a value that repeated keeps its slot through one miss).
    private int? Victim(int slot)
    {
        foreach (var candidate in (ReadOnlySpan<int>)[slot, slot ^ 1])
        {
            if (_slots[candidate] is null)
            {
                return candidate;
            }
        }

        foreach (var candidate in (ReadOnlySpan<int>)[slot, slot ^ 1])
        {
            if (!_hit[candidate])
            {
                return candidate;
            }
        }

        _hit[slot] = _hit[slot ^ 1] = false;
        return null;
    }

    private void Grow()
    {
        var slots = new string?[Math.Min(_slots.Length * 4, MaxSlots)];
        var hit = new bool[slots.Length];
        for (var i = 0; i < _slots.Length; i++)
        {
            if (_slots[i] is { } value)
            {
                var slot = (int)(Hash(value) & (uint)(slots.Length - 1));
                slot = slots[slot] is null ? slot : slot ^ 1;
                if (slots[slot] is null)
                {
                    slots[slot] = value;
                    hit[slot] = _hit[i];
                }
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
