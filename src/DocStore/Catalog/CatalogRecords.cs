using System.Buffers.Binary;
using System.Text;
using DocStore.Metadata;
using DocStore.Storage;

namespace DocStore.Catalog;

/// <summary>
/// The byte layout of catalog values (docs/catalog.md): a format byte (1; 2 for a collection record that
/// carries its key convention, 3 for one that also carries member types), then length-prefixed UTF-8 strings (u16 little-endian length). Decoding
/// checks every length and names what is malformed.
/// </summary>
internal static class CatalogRecords
{
    private const byte FormatVersion = 1;
    private const byte KeyedCollectionVersion = 2;
    private const byte TypedCollectionVersion = 3;
    private const byte UniqueFlag = 1;
    private const byte MultikeyFlag = 2;

    public static byte[] EncodeCollection(CollectionRecord collection)
    {
        var version = collection.KeyField is null ? FormatVersion : collection.Types is null ? KeyedCollectionVersion : TypedCollectionVersion;
        var output = new List<byte> { version };
        WriteString(output, collection.PrimaryTree);
        if (collection.KeyField is not null)
        {
            WriteString(output, collection.KeyField);
            output.Add((byte)collection.KeyGeneration);
        }

        if (version == TypedCollectionVersion)
        {
            // A u16 count, then (path, type) string pairs, in the model's order.
            var types = collection.Types!;
            if (types.Count > ushort.MaxValue)
            {
                throw new ArgumentException($"Collection '{collection.Name}' declares {types.Count} stored paths; the catalog records at most {ushort.MaxValue}.", nameof(collection));
            }

            Span<byte> count = stackalloc byte[2];
            BinaryPrimitives.WriteUInt16LittleEndian(count, (ushort)types.Count);
            output.AddRange(count);
            foreach (var type in types)
            {
                WriteString(output, type.Path);
                WriteString(output, type.Type);
            }
        }

        return [.. output];
    }

    public static CollectionRecord DecodeCollection(string name, ReadOnlySpan<byte> value, string fileName)
    {
        var reader = new Reader(value, fileName, $"collection '{name}'");
        var version = reader.ExpectVersion(FormatVersion, TypedCollectionVersion);
        var tree = reader.String();
        if (version == FormatVersion)
        {
            reader.ExpectEnd();
            return new CollectionRecord(name, tree);
        }

        var keyField = reader.String();
        var generation = reader.Byte();
        if (generation > (byte)KeyGeneration.Sequence)
        {
            throw reader.Malformed($"has the unknown key generation {generation}");
        }

        StoredFieldType[]? types = null;
        if (version == TypedCollectionVersion)
        {
            types = new StoredFieldType[reader.UInt16()];
            for (var i = 0; i < types.Length; i++)
            {
                types[i] = new StoredFieldType(reader.String(), reader.String());
            }
        }

        reader.ExpectEnd();
        return new CollectionRecord(name, tree, keyField, (KeyGeneration)generation, types);
    }

    public static byte[] EncodeIndex(IndexRecord index)
    {
        var definition = index.Definition;
        var output = new List<byte> { FormatVersion, (byte)((definition.Unique ? UniqueFlag : 0) | (definition.Multikey ? MultikeyFlag : 0)) };
        WriteString(output, index.Tree);
        output.Add(checked((byte)definition.Paths.Count));
        foreach (var path in definition.Paths)
        {
            WriteString(output, path);
        }

        return [.. output];
    }

    public static IndexRecord DecodeIndex(string collection, string name, ReadOnlySpan<byte> value, string fileName)
    {
        var reader = new Reader(value, fileName, $"index '{name}' of collection '{collection}'");
        reader.ExpectVersion();
        var flags = reader.Byte();
        var tree = reader.String();
        var count = reader.Byte();
        var paths = new string[count];
        for (var i = 0; i < count; i++)
        {
            paths[i] = reader.String();
        }

        reader.ExpectEnd();
        return new IndexRecord(new IndexDefinition(name, (flags & UniqueFlag) != 0, (flags & MultikeyFlag) != 0, paths), tree);
    }

    private static void WriteString(List<byte> output, string value)
    {
        var bytes = Encoding.UTF8.GetBytes(value);
        if (bytes.Length > ushort.MaxValue)
        {
            throw new ArgumentException($"The catalog name '{value[..32]}...' is longer than {ushort.MaxValue} UTF-8 bytes.", nameof(value));
        }

        Span<byte> length = stackalloc byte[2];
        BinaryPrimitives.WriteUInt16LittleEndian(length, (ushort)bytes.Length);
        output.AddRange(length);
        output.AddRange(bytes);
    }

    private ref struct Reader(ReadOnlySpan<byte> value, string fileName, string what)
    {
        private readonly ReadOnlySpan<byte> _value = value;
        private int _position;

        public void ExpectVersion() => ExpectVersion(FormatVersion, FormatVersion);

        public byte ExpectVersion(byte lowest, byte highest)
        {
            var version = Byte();
            if (version < lowest || version > highest)
            {
                throw Malformed(lowest == highest ? $"format byte {version} (expected {lowest})" : $"format byte {version} (expected {lowest} to {highest})");
            }

            return version;
        }

        public byte Byte()
        {
            if (_position >= _value.Length)
            {
                throw Malformed($"ends at byte {_position}");
            }

            return _value[_position++];
        }

        public ushort UInt16()
        {
            if (_position + 2 > _value.Length)
            {
                throw Malformed($"ends inside a count at byte {_position}");
            }

            var value = BinaryPrimitives.ReadUInt16LittleEndian(_value[_position..]);
            _position += 2;
            return value;
        }

        public string String()
        {
            if (_position + 2 > _value.Length)
            {
                throw Malformed($"ends inside a string length at byte {_position}");
            }

            int length = BinaryPrimitives.ReadUInt16LittleEndian(_value[_position..]);
            _position += 2;
            if (_position + length > _value.Length)
            {
                throw Malformed($"has a string of {length} bytes at byte {_position} past its end ({_value.Length} bytes)");
            }

            var text = Encoding.UTF8.GetString(_value.Slice(_position, length));
            _position += length;
            return text;
        }

        public readonly void ExpectEnd()
        {
            if (_position != _value.Length)
            {
                throw Malformed($"has {_value.Length - _position} unexpected bytes after byte {_position}");
            }
        }

        public readonly DatabaseCorruptException Malformed(string problem) =>
            new(fileName, -1, $"the catalog record of {what} {problem}");
    }
}
