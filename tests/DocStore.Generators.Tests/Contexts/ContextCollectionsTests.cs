using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.Contexts;

/// <summary>Which collections a generated context gets: every one of the compilation, or those its <c>[ContextCollections]</c> lists.</summary>
public sealed class ContextCollectionsTests
{
    private const string Source = """
        using DocStore;
        namespace Shop;
        [Collection] public partial class Person { [Key] public int Id { get; set; } }
        [Collection] public partial class Order { [Key] public int Id { get; set; } }
        [Collection] public partial class AuditEntry { [Key] public long Id { get; set; } }
        public partial class EverythingDb : DocStoreContext { }
        [ContextCollections(typeof(Person), typeof(Order))] public partial class SalesDb : DocStoreContext { }
        [ContextCollections] public partial class EmptyDb : DocStoreContext { }
        """;

    [Fact]
    public void A_context_without_the_attribute_gets_every_collection_and_one_with_it_only_the_listed()
    {
        var (sources, output) = TestCompilation.Generate(Source);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        Assert.Equal(["AuditEntries", "Orders", "People"], Properties(output, "Shop.EverythingDb"));
        Assert.Equal(["Orders", "People"], Properties(output, "Shop.SalesDb"));
        Assert.Empty(Properties(output, "Shop.EmptyDb"));
        Assert.DoesNotContain("AuditEntries", sources["Shop.SalesDb.DocStore.g.cs"], StringComparison.Ordinal);
    }

    private static IEnumerable<string> Properties(Compilation output, string context) =>
        output.GetTypeByMetadataName(context)!.GetMembers().OfType<IPropertySymbol>()
            .Where(p => p.Type.Name.EndsWith("Collection", StringComparison.Ordinal))
            .Select(p => p.Name)
            .Order(StringComparer.Ordinal);
}
