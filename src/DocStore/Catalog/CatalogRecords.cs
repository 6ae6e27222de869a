using System.Buffers.Binary;
using System.Text;
using DocStore.Metadata;
using DocStore.Storage;

namespace DocStore.Catalog;

/// <summary>
/// The byte layout of catalog values (docs/catalog.md): a format byte (1; 2 for a collection record that
/// carries its key convention, 3 for one that also carries member types, 4 for a table with declared columns), then length-prefixed UTF-8 strings (u16 little-endian length). Decoding
/// checks every length and names what is malformed.
/// </summary>
internal static class CatalogRecords
{
    private const byte FormatVersion = 1;
    private const byte KeyedCollectionVersion = 2;
    private const byte TypedCollectionVersion = 3;
    private const byte TableVersion = 4;
    private const byte NotNullFlag = 1;
    private const byte DefaultFlag = 2;
    private const byte CollationFlag = 4;
    private const byte UniqueFlag = 1;
    private const byte MultikeyFlag = 2;
    private const byte UniqueNonNullFlag = 4;
    private const byte CollatedFlag = 8;

    public static byte[] EncodeCollection(CollectionRecord collection)
    {
        if (collection.Columns is not null)
        {
            return EncodeTable(collection);
        }

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
            WriteTypes(output, collection);
        }

        return [.. output];
    }

    // Format 4: the keyed layout, a byte saying whether member types follow (then format 3's list), then
    // the declared columns: a u16 count and per column its name, type name, flags and, when flagged, default and collation.
    private static byte[] EncodeTable(CollectionRecord collection)
    {
        var output = new List<byte> { TableVersion };
        WriteString(output, collection.PrimaryTree);
        WriteString(output, collection.KeyField ?? "_id");
        output.Add((byte)collection.KeyGeneration);
        output.Add(collection.Types is null ? (byte)0 : (byte)1);
        if (collection.Types is not null)
        {
            WriteTypes(output, collection);
        }

        var columns = collection.Columns!;
        WriteCount(output, columns.Count, collection.Name, "columns");
        foreach (var column in columns)
        {
            WriteString(output, column.Name);
            WriteString(output, column.DeclaredType);
            output.Add((byte)((column.NotNull ? NotNullFlag : 0) | (column.Default is null ? 0 : DefaultFlag) | (column.Collation is null ? 0 : CollationFlag)));
            if (column.Default is not null)
            {
                WriteString(output, column.Default);
            }

            if (column.Collation is not null)
            {
                WriteString(output, column.Collation);
            }
        }

        return [.. output];
    }

    // A u16 count, then (path, type) string pairs, in the model's order.
    private static void WriteTypes(List<byte> output, CollectionRecord collection)
    {
        var types = collection.Types!;
        WriteCount(output, types.Count, collection.Name, "stored paths");
        foreach (var type in types)
        {
            WriteString(output, type.Path);
            WriteString(output, type.Type);
        }
    }

    private static void WriteCount(List<byte> output, int count, string collection, string what)
    {
        if (count > ushort.MaxValue)
        {
            throw new ArgumentException($"Collection '{collection}' declares {count} {what}; the catalog records at most {ushort.MaxValue}.", nameof(collection));
        }

        Span<byte> bytes = stackalloc byte[2];
        BinaryPrimitives.WriteUInt16LittleEndian(bytes, (ushort)count);
        output.AddRange(bytes);
    }

    public static CollectionRecord DecodeCollection(string name, ReadOnlySpan<byte> value, string fileName)
    {
        var reader = new Reader(value, fileName, $"collection '{name}'");
        var version = reader.ExpectVersion(FormatVersion, TableVersion);
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
        if (version == TypedCollectionVersion || (version == TableVersion && reader.Byte() != 0))
        {
            types = new StoredFieldType[reader.UInt16()];
            for (var i = 0; i < types.Length; i++)
            {
                types[i] = new StoredFieldType(reader.String(), reader.String());
            }
        }

        TableColumn[]? columns = null;
        if (version == TableVersion)
        {
            columns = new TableColumn[reader.UInt16()];
            for (var i = 0; i < columns.Length; i++)
            {
                var (column, declared, flags) = (reader.String(), reader.String(), reader.Byte());
                var fallback = (flags & DefaultFlag) != 0 ? reader.String() : null;
                columns[i] = new TableColumn(column, declared, (flags & NotNullFlag) != 0, fallback) { Collation = (flags & CollationFlag) != 0 ? reader.String() : null };
            }
        }

        reader.ExpectEnd();
        return new CollectionRecord(name, tree, keyField, (KeyGeneration)generation, types, columns);
    }

    public static byte[] EncodeIndex(IndexRecord index)
    {
        var definition = index.Definition;
        var output = new List<byte> { FormatVersion, (byte)((definition.Unique ? UniqueFlag : 0) | (definition.Multikey ? MultikeyFlag : 0) | (definition.UniqueNonNull ? UniqueNonNullFlag : 0) | (definition.Collations is null ? 0 : CollatedFlag)) };
        WriteString(output, index.Tree);
        output.Add(checked((byte)definition.Paths.Count));
        foreach (var path in definition.Paths)
        {
            WriteString(output, path);
        }

        // Flagged: one collation letter per path, after the paths.
        if (definition.Collations is not null)
        {
            WriteString(output, definition.Collations);
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

        var collations = (flags & CollatedFlag) != 0 ? reader.String() : null;
        reader.ExpectEnd();
        return new IndexRecord(new IndexDefinition(name, (flags & UniqueFlag) != 0, (flags & MultikeyFlag) != 0, paths) { UniqueNonNull = (flags & UniqueNonNullFlag) != 0, Collations = collations }, tree);
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
