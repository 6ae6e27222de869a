using DocStore.Generators.Tests.Infrastructure;
using DocStore.Generators.Tests.Models;

namespace DocStore.Generators.Tests.Naming;

/// <summary>The query methods each index produces, read from the generated source.</summary>
public class QueryMethodTests
{
    private static string Generated(string source, string hint) => TestCompilation.Generate(source).Sources[hint];

    [Fact]
    public void Issue_model_gets_the_documented_query_methods()
    {
        string code = Generated(TestModels.Issue, "MyApp.Person.DocStore.g.cs");
        Assert.Contains("public global::MyApp.Person? FindByEmail(string email)", code, StringComparison.Ordinal);
        Assert.Contains("ValueTask<global::MyApp.Person?> FindByEmailAsync(string email, global::System.Threading.CancellationToken cancellationToken = default)", code, StringComparison.Ordinal);
        Assert.Contains("FindByEmailPrefix(string prefix, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("FindByAgeRange(int min, int max, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("DocumentQuery<global::MyApp.Person> FindByAge(int age, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("FindByAddressCity(string addressCity, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("FindByTags(string element, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("public long CountByAge(int age)", code, StringComparison.Ordinal);
        Assert.Contains("ValueTask<long> CountByAgeAsync(int age, global::System.Threading.CancellationToken cancellationToken = default)", code, StringComparison.Ordinal);
    }

    [Fact]
    public void Every_lazy_query_gets_an_async_enumerable_twin_with_a_cancellation_token()
    {
        string code = Generated(TestModels.Issue, "MyApp.Person.DocStore.g.cs");
        const string Tail = "global::DocStore.QueryOptions? options = null, global::System.Threading.CancellationToken cancellationToken = default) =>";
        Assert.Contains($"IAsyncEnumerable<global::MyApp.Person> FindByAgeAsync(int age, {Tail}", code, StringComparison.Ordinal);
        Assert.Contains($"IAsyncEnumerable<global::MyApp.Person> FindByAgeRangeAsync(int min, int max, {Tail}", code, StringComparison.Ordinal);
        Assert.Contains($"IAsyncEnumerable<global::MyApp.Person> FindByEmailRangeAsync(string min, string max, {Tail}", code, StringComparison.Ordinal);
        Assert.Contains($"IAsyncEnumerable<global::MyApp.Person> FindByEmailPrefixAsync(string prefix, {Tail}", code, StringComparison.Ordinal);
        Assert.Contains($"IAsyncEnumerable<global::MyApp.Person> FindByTagsAsync(string element, {Tail}", code, StringComparison.Ordinal);
        Assert.Contains("AsAsync(FindByAddressCityPrefix(prefix, options), cancellationToken);", code, StringComparison.Ordinal);

        // The unique lookup keeps its single-result twin.
        Assert.Contains("ValueTask<global::MyApp.Person?> FindByEmailAsync(string email, global::System.Threading.CancellationToken cancellationToken = default)", code, StringComparison.Ordinal);

        string composite = Generated(TestModels.AllKinds, TestModels.AllKindsNamespace + ".Everything.DocStore.g.cs");
        Assert.Contains($"FindByLastFirstAsync(string last, string first, {Tail}", composite, StringComparison.Ordinal);
        Assert.Contains($"FindByLastAsync(string last, {Tail}", composite, StringComparison.Ordinal);
    }

    [Fact]
    public void Every_query_method_also_takes_an_explicit_transaction_first()
    {
        string code = Generated(TestModels.Issue, "MyApp.Person.DocStore.g.cs");
        const string Tx = "global::DocStore.DocStoreTransaction transaction, ";
        Assert.Contains($"public global::MyApp.Person? FindByEmail({Tx}string email)", code, StringComparison.Ordinal);
        Assert.Contains("return FindUnique(transaction, EmailIndex, key);", code, StringComparison.Ordinal);
        Assert.Contains($"ValueTask<global::MyApp.Person?> FindByEmailAsync({Tx}string email, global::System.Threading.CancellationToken cancellationToken = default)", code, StringComparison.Ordinal);
        Assert.Contains($"DocumentQuery<global::MyApp.Person> FindByAge({Tx}int age, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains($"FindByAgeRange({Tx}int min, int max, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains($"FindByEmailPrefixAsync({Tx}string prefix, global::DocStore.QueryOptions? options = null, global::System.Threading.CancellationToken cancellationToken = default)", code, StringComparison.Ordinal);
        Assert.Contains($"public long CountByAge({Tx}int age)", code, StringComparison.Ordinal);
        Assert.Contains("return CountEqual(transaction, AgeIndex, key.ToArray());", code, StringComparison.Ordinal);
        Assert.DoesNotContain("Transaction =", code, StringComparison.Ordinal);
    }

    [Fact]
    public void A_key_member_named_transaction_gives_way_to_the_transaction_parameter()
    {
        const string Source = """
            using DocStore;
            namespace MyApp;
            [Collection]
            public partial class Payment
            {
                [Key] public ObjectId Id { get; set; }
                [Index] public string Transaction { get; set; } = "";
            }
            public partial class PayDb : DocStoreContext { }
            """;
        string code = Generated(Source, "MyApp.Payment.DocStore.g.cs");
        Assert.Contains("FindByTransaction(global::DocStore.DocStoreTransaction transaction, string transaction2, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("public long CountByTransaction(string transaction2)", code, StringComparison.Ordinal);
    }

    [Fact]
    public void Composite_index_gets_the_full_and_the_prefix_form()
    {
        string code = Generated(TestModels.AllKinds, TestModels.AllKindsNamespace + ".Everything.DocStore.g.cs");
        Assert.Contains("FindByLastFirst(string last, string first, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("FindByLast(string last, global::DocStore.QueryOptions? options = null)", code, StringComparison.Ordinal);
        Assert.DoesNotContain("FindByLastFirstRange", code, StringComparison.Ordinal);
    }

    [Fact]
    public void Context_gets_one_property_per_collection_with_the_collection_name()
    {
        string code = Generated(TestModels.Issue, "MyApp.AppDb.DocStore.g.cs");
        Assert.Contains("public global::MyApp.PersonCollection People { get; }", code, StringComparison.Ordinal);
        Assert.Contains("public static AppDb Open(string path, global::DocStore.DocStoreOptions? options = null)", code, StringComparison.Ordinal);
        Assert.Contains("public static AppDb OpenInMemory(global::DocStore.DocStoreOptions? options = null)", code, StringComparison.Ordinal);
    }

    [Fact]
    public void Explicit_collection_name_wins_over_the_plural()
    {
        string code = Generated(TestModels.AllKinds, TestModels.AllKindsNamespace + ".Everything.DocStore.g.cs");
        Assert.Contains("public string CollectionName => \"Kitchen\";", code, StringComparison.Ordinal);
    }
}
