using System.Reflection;
using DocStore.Bson;

namespace DocStore.Tests.Architecture;

/// <summary>Every exception the library defines belongs to one family that callers can catch and branch on by code.</summary>
public sealed class ErrorFamilyTests
{
    public static TheoryData<string> Assemblies => new() { typeof(DocStoreContext).Assembly.GetName().Name!, typeof(CBsonReader).Assembly.GetName().Name! };

    [Theory]
    [MemberData(nameof(Assemblies))]
    public void Every_exception_type_derives_from_DocStoreException(string assemblyName)
    {
        var assembly = Assembly.Load(assemblyName);
        var outsiders = assembly.GetTypes()
            .Where(t => typeof(Exception).IsAssignableFrom(t) && !typeof(DocStoreException).IsAssignableFrom(t))
            .Select(t => t.FullName)
            .ToList();
        Assert.Empty(outsiders);
    }

    [Fact]
    public void Each_error_code_names_one_exception_kind()
    {
        var codes = new[]
        {
            new BsonFormatException("x").ErrorCode,
            new CBsonLimitException("x").ErrorCode,
            new FieldDictionaryFullException("x").ErrorCode,
            new DuplicateKeyException("c", null, "k").ErrorCode,
            new DocumentTooLargeException("x").ErrorCode,
            new KeyTooLongException("x").ErrorCode,
            new IndexKeyTooLongException("x").ErrorCode,
            new DocumentSchemaException("f", "p").ErrorCode,
            new DatabaseCorruptException("x").ErrorCode,
            new DatabaseLockedException("x").ErrorCode,
            new WriteLockTimeoutException("x").ErrorCode,
            new StorageFailedException("x").ErrorCode,
            new SqlSyntaxException("x").ErrorCode,
            new KeySequenceExhaustedException("x").ErrorCode,
            new DatabaseReadOnlyException("x").ErrorCode,
        };
        Assert.Equal(codes.Length, codes.Distinct().Count());
        Assert.DoesNotContain((DocStoreErrorCode)0, codes);
    }
}
