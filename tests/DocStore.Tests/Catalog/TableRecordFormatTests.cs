using DocStore.Catalog;
using DocStore.Metadata;

namespace DocStore.Tests.Catalog;

/// <summary>The format-4 collection record: a table's declared columns, with or without member types.</summary>
public sealed class TableRecordFormatTests
{
    [Fact]
    public void Columns_round_trip_with_flags_and_defaults()
    {
        TableColumn[] columns = [new("id", "INTEGER", NotNull: false), new("name", "VARCHAR(20)", NotNull: true, Default: "'none'"), new("x", "")];
        var record = new CollectionRecord("T", "c/T", "id", KeyGeneration.Sequence, Types: null, Columns: columns);
        var bytes = CatalogRecords.EncodeCollection(record);
        Assert.Equal(4, bytes[0]);
        var decoded = CatalogRecords.DecodeCollection("T", bytes, "test.db");
        Assert.Equal(columns, decoded.Columns);
        Assert.Null(decoded.Types);
        Assert.Equal(bytes, CatalogRecords.EncodeCollection(decoded));

        var typed = record with { Types = [new StoredFieldType("id", "int64")] };
        var again = CatalogRecords.DecodeCollection("T", CatalogRecords.EncodeCollection(typed), "test.db");
        Assert.Equal("int64", again.KeyType);
        Assert.Equal(columns, again.Columns);
    }

    [Fact]
    public void A_cut_record_is_reported_as_corrupt()
    {
        var bytes = CatalogRecords.EncodeCollection(new CollectionRecord("T", "c/T", "_id", KeyGeneration.Sequence, Columns: [new("a", "INT")]));
        Assert.Throws<DatabaseCorruptException>(() => CatalogRecords.DecodeCollection("T", bytes.AsSpan(0, bytes.Length - 2), "test.db"));
    }

    [Theory]
    [InlineData("INT", "Integer")]
    [InlineData("UNSIGNED BIG INT", "Integer")]
    [InlineData("VARCHAR(255)", "Text")]
    [InlineData("CLOB", "Text")]
    [InlineData("BLOB", "Blob")]
    [InlineData("", "Blob")]
    [InlineData("DOUBLE PRECISION", "Real")]
    [InlineData("FLOAT", "Real")]
    [InlineData("DECIMAL(10,5)", "Numeric")]
    [InlineData("BOOLEAN", "Numeric")]
    [InlineData("CHARINT", "Integer")]
    public void Affinity_follows_sqlite_type_name_rules(string declared, string expected) =>
        Assert.Equal(expected, TableColumn.AffinityOf(declared).ToString());
}
