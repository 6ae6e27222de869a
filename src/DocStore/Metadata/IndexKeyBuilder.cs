using System.Buffers;
using System.ComponentModel;
using DocStore.Bson;
using DocStore.Bson.Keys;

namespace DocStore.Metadata;

/// <summary>
/// Builds one index or primary key, component by component, in DocStore's order-preserving key
/// encoding (<see cref="KeyWriter"/>). Generated extractors and query methods widen values first:
/// integers to <see cref="long"/> or <see cref="ulong"/>, floats to <see cref="double"/>, enums to their
/// underlying integer; the encoding gives every integer width one tag, so widening changes no key.
/// For generated code: the contract between the DocStore generator's output and the runtime; not meant to be called directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class IndexKeyBuilder
{
    private readonly ArrayBufferWriter<byte> _buffer = new(64);

    /// <summary>The key built so far.</summary>
    public ReadOnlySpan<byte> WrittenSpan => _buffer.WrittenSpan;

    /// <summary>Forgets the key built so far.</summary>
    public void Clear() => _buffer.ResetWrittenCount();

    /// <summary>A copy of the key.</summary>
    /// <returns>A new array.</returns>
    public byte[] ToArray() => _buffer.WrittenSpan.ToArray();

    /// <summary>Appends a null component (a missing or null value).</summary>
    public void AppendNull() => Writer().WriteNull();

    /// <summary>Appends a boolean component.</summary>
    /// <param name="value">The value.</param>
    public void Append(bool value) => Writer().WriteBoolean(value);

    /// <summary>Appends a signed integer component.</summary>
    /// <param name="value">The value.</param>
    public void Append(long value) => Writer().WriteInt64(value);

    /// <summary>Appends an unsigned integer component.</summary>
    /// <param name="value">The value.</param>
    public void Append(ulong value) => Writer().WriteUInt64(value);

    /// <summary>Appends a floating-point component.</summary>
    /// <param name="value">The value.</param>
    public void Append(double value) => Writer().WriteDouble(value);

    /// <summary>Appends a decimal component.</summary>
    /// <param name="value">The value.</param>
    public void Append(decimal value) => Writer().WriteDecimal(value);

    /// <summary>Appends a string component (ordinal code point order), or a null component for null.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(string? value)
    {
        if (value is null)
        {
            AppendNull();
        }
        else
        {
            Writer().WriteString(value);
        }
    }

    /// <summary>Appends a string prefix: matches every string component that starts with it. Must be last.</summary>
    /// <param name="prefix">The prefix.</param>
    public void AppendStringPrefix(string prefix) => Writer().WriteStringPrefix(prefix);

    /// <summary>Appends a binary component, or a null component for null.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(byte[]? value)
    {
        if (value is null)
        {
            AppendNull();
        }
        else
        {
            Writer().WriteBinary(value);
        }
    }

    /// <summary>Appends a Guid component.</summary>
    /// <param name="value">The value.</param>
    public void Append(Guid value) => Writer().WriteGuid(value);

    /// <summary>Appends an ObjectId component.</summary>
    /// <param name="value">The value.</param>
    public void Append(ObjectId value) => Writer().WriteObjectId(value);

    /// <summary>Appends a DateTime component.</summary>
    /// <param name="value">The value.</param>
    public void Append(DateTime value) => Writer().WriteDateTime(value);

    /// <summary>Appends a DateTimeOffset component (ordered by UTC instant).</summary>
    /// <param name="value">The value.</param>
    public void Append(DateTimeOffset value) => Writer().WriteDateTimeOffset(value);

    /// <summary>Appends a DateOnly component.</summary>
    /// <param name="value">The value.</param>
    public void Append(DateOnly value) => Writer().WriteDateOnly(value);

    /// <summary>Appends a TimeOnly component.</summary>
    /// <param name="value">The value.</param>
    public void Append(TimeOnly value) => Writer().WriteTimeOnly(value);

    /// <summary>Appends a TimeSpan component.</summary>
    /// <param name="value">The value.</param>
    public void Append(TimeSpan value) => Writer().WriteTimeSpan(value);

    // The nullable overloads let generated code append a value that may be missing in one call: a
    // null becomes a null component, as AppendNull would write.

    /// <summary>Appends a <see cref="bool"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(bool? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="long"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(long? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="ulong"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(ulong? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="double"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(double? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="decimal"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(decimal? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="Guid"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(Guid? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="ObjectId"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(ObjectId? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="DateTime"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(DateTime? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="DateTimeOffset"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(DateTimeOffset? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="DateOnly"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(DateOnly? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="TimeOnly"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(TimeOnly? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    /// <summary>Appends a <see cref="TimeSpan"/> component, or a null component when <paramref name="value"/> has none.</summary>
    /// <param name="value">The value, or null.</param>
    public void Append(TimeSpan? value)
    {
        if (value.HasValue)
        {
            Append(value.GetValueOrDefault());
        }
        else
        {
            AppendNull();
        }
    }

    // Over a buffer writer each component is committed as soon as it is written, so a fresh
    // KeyWriter per component appends to the same key.
    private KeyWriter Writer() => new(_buffer);
}
