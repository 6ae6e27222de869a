using DocStore.Bson.Keys;

namespace DocStore.Bson.Tests.Keys.Support;

/// <summary>An integer of one of the eight .NET widths, with its value widened to Int128 as the oracle.</summary>
internal readonly record struct IntegerValue(TypeCode Width, Int128 Value)
{
    private static readonly TypeCode[] Widths =
    [
        TypeCode.SByte, TypeCode.Byte, TypeCode.Int16, TypeCode.UInt16, TypeCode.Int32, TypeCode.UInt32, TypeCode.Int64, TypeCode.UInt64,
    ];

    public static IntegerValue Generate(Random random)
    {
        var width = Widths[random.Next(Widths.Length)];
        var (min, max) = Range(width);
        Int128 raw = width == TypeCode.UInt64 ? EdgeGenerators.UInt64(random) : EdgeGenerators.Int64(random);
        if (raw < min || raw > max)
        {
            // Clamping hits the width's limits; wrapping keeps the random bits that fit.
            var span = max - min + 1;
            raw = random.Next(2) == 0 ? Int128.Clamp(raw, min, max) : min + ((((raw - min) % span) + span) % span);
        }

        return new IntegerValue(width, raw);
    }

    /// <summary>The same value in another width when it fits there, so that equal values of different widths meet.</summary>
    public static IntegerValue Near(Random random, IntegerValue value)
    {
        foreach (var width in Widths.OrderBy(_ => random.Next()))
        {
            var (min, max) = Range(width);
            if (value.Value >= min && value.Value <= max)
            {
                return value with { Width = width };
            }
        }

        return value;
    }

    public static (Int128 Min, Int128 Max) Range(TypeCode width) => width switch
    {
        TypeCode.SByte => (sbyte.MinValue, sbyte.MaxValue),
        TypeCode.Byte => (byte.MinValue, byte.MaxValue),
        TypeCode.Int16 => (short.MinValue, short.MaxValue),
        TypeCode.UInt16 => (ushort.MinValue, ushort.MaxValue),
        TypeCode.Int32 => (int.MinValue, int.MaxValue),
        TypeCode.UInt32 => (uint.MinValue, uint.MaxValue),
        TypeCode.Int64 => (long.MinValue, long.MaxValue),
        _ => (ulong.MinValue, ulong.MaxValue),
    };

    public void Write(ref KeyWriter writer, bool descending)
    {
        switch (Width)
        {
            case TypeCode.SByte: writer.WriteSByte((sbyte)Value, descending); break;
            case TypeCode.Byte: writer.WriteByte((byte)Value, descending); break;
            case TypeCode.Int16: writer.WriteInt16((short)Value, descending); break;
            case TypeCode.UInt16: writer.WriteUInt16((ushort)Value, descending); break;
            case TypeCode.Int32: writer.WriteInt32((int)Value, descending); break;
            case TypeCode.UInt32: writer.WriteUInt32((uint)Value, descending); break;
            case TypeCode.Int64: writer.WriteInt64((long)Value, descending); break;
            default: writer.WriteUInt64((ulong)Value, descending); break;
        }
    }

    /// <summary>Reads a component back with the reader of this value's width.</summary>
    public IntegerValue ReadBack(ref KeyReader reader, bool descending) => this with { Value = ReadAs(Width, ref reader, descending) };

    private static Int128 ReadAs(TypeCode width, ref KeyReader reader, bool descending) => width switch
    {
        TypeCode.SByte => reader.ReadSByte(descending),
        TypeCode.Byte => reader.ReadByte(descending),
        TypeCode.Int16 => reader.ReadInt16(descending),
        TypeCode.UInt16 => reader.ReadUInt16(descending),
        TypeCode.Int32 => reader.ReadInt32(descending),
        TypeCode.UInt32 => reader.ReadUInt32(descending),
        TypeCode.Int64 => reader.ReadInt64(descending),
        _ => reader.ReadUInt64(descending),
    };

    public override string ToString() => $"{Width} {Value}";
}
