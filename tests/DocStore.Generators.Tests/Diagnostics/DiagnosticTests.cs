using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.Diagnostics;

/// <summary>One test per diagnostic: the ID, and the exact span it points at.</summary>
public class DiagnosticTests
{
    [Fact]
    public void DOCS001_type_not_partial_points_at_the_type_name()
    {
        Diagnostic d = DiagnosticAssert.Single("DOCS001", """
            [Collection] public class [|Person|] { [Key] public int Id { get; set; } }
            """);
        Assert.Contains("'Person' must be declared partial", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS002_missing_key_points_at_the_type_name() =>
        DiagnosticAssert.Single("DOCS002", """
            [Collection] public partial class [|Person|] { public int Age { get; set; } }
            """);

    [Fact]
    public void DOCS003_second_key_points_at_its_attribute()
    {
        Diagnostic d = DiagnosticAssert.Single("DOCS003", """
            [Collection] public partial class Person { [Key] public int Id { get; set; } [[|Key|]] public int Other { get; set; } }
            """);
        Assert.Contains("already has the key 'Id'", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS004_unsupported_key_type_points_at_the_member_type() =>
        DiagnosticAssert.Single("DOCS004", """
            [Collection] public partial class Person { [Key] public [|double|] Id { get; set; } }
            """);

    [Fact]
    public void DOCS005_unsupported_member_type_points_at_the_member_type()
    {
        Diagnostic d = DiagnosticAssert.Single("DOCS005", """
            [Collection] public partial class Person { [Key] public int Id { get; set; } public [|Uri|] Home { get; set; } = null!; }
            """);
        Assert.Contains("'Home'", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS005_in_a_nested_document_type_points_at_the_nested_member_type() =>
        DiagnosticAssert.Single("DOCS005", """
            public class Address { public string City { get; set; } = ""; public [|Uri|] Map { get; set; } = null!; }
            [Collection] public partial class Person { [Key] public int Id { get; set; } public Address Address { get; set; } = new(); }
            """);

    [Fact]
    public void DOCS005_dictionary_with_non_string_keys_is_unsupported() =>
        DiagnosticAssert.Single("DOCS005", """
            [Collection] public partial class Person { [Key] public int Id { get; set; } public [|Dictionary<int, string>|] Map { get; set; } = new(); }
            """);

    [Fact]
    public void DOCS006_unresolved_index_path_points_at_the_path_argument()
    {
        Diagnostic d = DiagnosticAssert.Single("DOCS006", """
            public class Address { public string City { get; set; } = ""; }
            [Collection, Index([|"Address.Town"|])] public partial class Person { [Key] public int Id { get; set; } public Address Address { get; set; } = new(); }
            """);
        Assert.Contains("'Address' has no stored member 'Town'", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS006_sequence_path_without_brackets_is_explained() =>
        Assert.Contains("write 'Tags[]'", DiagnosticAssert.Single("DOCS006", """
            [Collection, Index("Age", [|"Tags"|])] public partial class Person { [Key] public int Id { get; set; } public int Age { get; set; } public List<string> Tags { get; set; } = new(); }
            """).GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void DOCS007_index_over_a_document_points_at_the_path_argument() =>
        DiagnosticAssert.Single("DOCS007", """
            public class Address { public string City { get; set; } = ""; }
            [Collection, Index([|"Address"|])] public partial class Person { [Key] public int Id { get; set; } public Address Address { get; set; } = new(); }
            """);

    [Fact]
    public void DOCS008_unique_multikey_index_points_at_the_unique_argument() =>
        DiagnosticAssert.Single("DOCS008", """
            [Collection, Index("Tags[]", [|Unique = true|])] public partial class Person { [Key] public int Id { get; set; } public List<string> Tags { get; set; } = new(); }
            """);

    [Fact]
    public void DOCS009_duplicate_collection_name_points_at_the_later_collection_attribute() =>
        DiagnosticAssert.Single("DOCS009", """
            [Collection("People")] public partial class Human { [Key] public int Id { get; set; } }
            [[|Collection("People")|]] public partial class Person { [Key] public int Id { get; set; } }
            """);

    [Fact]
    public void DOCS010_duplicate_index_name_points_at_the_name_argument() =>
        DiagnosticAssert.Single("DOCS010", """
            [Collection, Index("Age", Name = "X"), Index("Email", [|Name = "X"|])]
            public partial class Person { [Key] public int Id { get; set; } public int Age { get; set; } public string Email { get; set; } = ""; }
            """);

    [Fact]
    public void DOCS011_no_usable_constructor_points_at_the_type_name()
    {
        Diagnostic d = DiagnosticAssert.Single("DOCS011", """
            [Collection] public partial class [|Person|] { public Person(int id, string nickname) { Id = id; } [Key] public int Id { get; set; } }
            """);
        Assert.Contains("'nickname'", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS012_interface_member_type_points_at_the_member_type() =>
        DiagnosticAssert.Single("DOCS012", """
            public interface IShape { }
            [Collection] public partial class Person { [Key] public int Id { get; set; } public [|IShape|] Shape { get; set; } = null!; }
            """);

    [Fact]
    public void DOCS012_abstract_class_element_type_points_at_the_member_type() =>
        DiagnosticAssert.Single("DOCS012", """
            public abstract class Shape { }
            [Collection] public partial class Person { [Key] public int Id { get; set; } public [|List<Shape>|] Shapes { get; set; } = new(); }
            """);

    [Fact]
    public void DOCS013_two_members_with_one_stored_name_points_at_the_field_argument() =>
        DiagnosticAssert.Single("DOCS013", """
            [Collection] public partial class Person { [Key] public int Id { get; set; } public string A { get; set; } = ""; [Field([|"A"|])] public string B { get; set; } = ""; }
            """);

    [Fact]
    public void DOCS014_nested_collection_type_points_at_the_type_name() =>
        DiagnosticAssert.Single("DOCS014", """
            public partial class Outer { [Collection] public partial class [|Inner|] { [Key] public int Id { get; set; } } }
            """);

    [Fact]
    public void DOCS015_empty_stored_name_points_at_the_field_argument() =>
        DiagnosticAssert.Single("DOCS015", """
            [Collection] public partial class Person { [Key] public int Id { get; set; } [Field([|""|])] public string Name { get; set; } = ""; }
            """);

    [Fact]
    public void DOCS016_context_not_partial_points_at_the_class_name() =>
        DiagnosticAssert.Single("DOCS016", """
            public class [|AppDb|] : DocStoreContext { public AppDb() : base(":memory:") { } }
            """);

    [Fact]
    public void DOCS017_two_multikey_paths_point_at_the_index_attribute() =>
        DiagnosticAssert.Single("DOCS017", """
            [Collection, [|Index("Tags[]", "Scores[]")|]]
            public partial class Person { [Key] public int Id { get; set; } public List<string> Tags { get; set; } = new(); public int[] Scores { get; set; } = []; }
            """);

    [Fact]
    public void DOCS018_collection_name_that_is_not_an_identifier_points_at_the_name_argument() =>
        DiagnosticAssert.Single("DOCS018", """
            [Collection([|"My People"|])] public partial class Person { [Key] public int Id { get; set; } }
            """);

    [Fact]
    public void DOCS019_nested_context_points_at_the_class_name() =>
        DiagnosticAssert.Single("DOCS019", """
            public partial class Outer { public partial class [|AppDb|] : DocStoreContext { } }
            """);

    [Fact]
    public void DOCS023_listed_type_without_collection_points_at_the_attribute()
    {
        Diagnostic d = DiagnosticAssert.Single("DOCS023", """
            [Collection] public partial class Person { [Key] public int Id { get; set; } }
            public class Audit { public int Id { get; set; } }
            [[|ContextCollections(typeof(Person), typeof(Audit))|]] public partial class AppDb : DocStoreContext { }
            """);
        Assert.Contains("'AppDb' lists 'Audit'", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS028_a_collection_named_like_its_context_points_at_the_context_and_is_the_only_error()
    {
        Diagnostic d = DiagnosticAssert.Single("DOCS028", """
            [Collection] public partial class Person { [Key] public int Id { get; set; } }
            public partial class [|People|] : DocStoreContext { }
            """);
        Assert.Contains("'People' would get a property 'People' for collection type 'Person'", d.GetMessage(), StringComparison.Ordinal);

        // The generated code leaves the property out, so C#'s CS0542 does not come on top of it.
        (_, Compilation output) = TestCompilation.Generate(DiagnosticAssert.Usings + """
            [Collection] public partial class Person { [Key] public int Id { get; set; } }
            public partial class People : DocStoreContext { }
            """);
        Assert.DoesNotContain(output.GetDiagnostics(), e => e.Severity == DiagnosticSeverity.Error);
    }

    [Fact]
    public void DOCS028_is_not_reported_when_the_context_lists_other_collections_only()
    {
        string source = DiagnosticAssert.Usings + """
            [Collection] public partial class Person { [Key] public int Id { get; set; } }
            [Collection] public partial class Order { [Key] public int Id { get; set; } }
            [ContextCollections(typeof(Order))] public partial class People : DocStoreContext { }
            """;
        Assert.Empty(TestCompilation.Analyze(source));
    }
}
