using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Diagnostics;

/// <summary>Every diagnostic DocStore reports. Each ID has a page in <c>docs/diagnostics/</c>.</summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "DocStore";
    private const string HelpBase = "https://github.com/docstore/docstore/blob/main/docs/diagnostics/";

    public static readonly DiagnosticDescriptor TypeNotPartial = Error(
        "DOCS001", "Collection type must be partial",
        "Collection type '{0}' must be declared partial");

    public static readonly DiagnosticDescriptor MissingKey = Error(
        "DOCS002", "Collection type has no key",
        "Collection type '{0}' has no member marked [Key]");

    public static readonly DiagnosticDescriptor DuplicateKey = Error(
        "DOCS003", "Collection type has more than one key",
        "Collection type '{0}' already has the key '{1}'; only one member may be marked [Key]");

    public static readonly DiagnosticDescriptor UnsupportedKeyType = Error(
        "DOCS004", "Unsupported key type",
        "Key '{0}' has type '{1}'; a key must be ObjectId, Guid, int, long or string");

    public static readonly DiagnosticDescriptor UnsupportedMemberType = Error(
        "DOCS005", "Unsupported member type",
        "Member '{0}' has type '{1}', which DocStore cannot store{2}; change its type or mark it [Ignore]");

    public static readonly DiagnosticDescriptor UnresolvedIndexPath = Error(
        "DOCS006", "Index path does not resolve",
        "Index path '{0}' does not resolve: {1}");

    public static readonly DiagnosticDescriptor UnorderableIndex = Error(
        "DOCS007", "Index over a value that cannot be ordered",
        "Index path '{0}' ends at type '{1}', which has no index key order; index a scalar member instead");

    public static readonly DiagnosticDescriptor UniqueMultikeyIndex = Error(
        "DOCS008", "Unique index over a multikey path",
        "Index '{0}' is unique but path '{1}' yields one key per element; a multikey index cannot be unique");

    public static readonly DiagnosticDescriptor DuplicateCollectionName = Error(
        "DOCS009", "Duplicate collection name",
        "Collection name '{0}' is used by both '{1}' and '{2}'; give one of them [Collection(\"OtherName\")]",
        WellKnownDiagnosticTags.CompilationEnd);

    public static readonly DiagnosticDescriptor DuplicateIndexName = Error(
        "DOCS010", "Duplicate index name",
        "Collection type '{0}' already has an index named '{1}'; set Name on one of them");

    public static readonly DiagnosticDescriptor NoUsableConstructor = Error(
        "DOCS011", "No usable constructor",
        "Type '{0}' has no usable constructor: {1}");

    public static readonly DiagnosticDescriptor AbstractMemberType = Error(
        "DOCS012", "Abstract or interface member type",
        "Member '{0}' has abstract or interface type '{1}', which DocStore cannot instantiate when reading; use a concrete type");

    public static readonly DiagnosticDescriptor DuplicateStoredName = Error(
        "DOCS013", "Two members mapped to one stored name",
        "Members '{0}' and '{1}' of '{2}' are both stored as '{3}'");

    public static readonly DiagnosticDescriptor InvalidCollectionType = Error(
        "DOCS014", "Collection type must be a non-generic top-level type",
        "Collection type '{0}' must be a non-generic type declared directly in a namespace");

    public static readonly DiagnosticDescriptor InvalidStoredName = Error(
        "DOCS015", "Invalid stored name",
        "Stored name '{0}' is not valid: a field name must be non-empty and contain no NUL character");

    public static readonly DiagnosticDescriptor ContextNotPartial = Error(
        "DOCS016", "Context type must be partial",
        "Context '{0}' derives from DocStoreContext and must be declared partial so that its collections can be generated");

    public static readonly DiagnosticDescriptor SeveralMultikeyPaths = Error(
        "DOCS017", "Index has more than one multikey path",
        "Index '{0}' expands over more than one sequence ('{1}'); an index may have at most one multikey path");

    public static readonly DiagnosticDescriptor InvalidCollectionName = Error(
        "DOCS018", "Invalid collection name",
        "Collection name '{0}' is not a valid C# identifier; it names the context property");

    public static readonly DiagnosticDescriptor InvalidContextType = Error(
        "DOCS019", "Context type must be a non-generic top-level class",
        "Context '{0}' must be a non-generic class declared directly in a namespace, or its collections cannot be generated");

    public static readonly DiagnosticDescriptor ListedTypeNotCollection = Error(
        "DOCS023", "Type listed for a context is not a collection",
        "Context '{0}' lists '{1}' in [ContextCollections], but '{1}' is not marked [Collection]");

    public static readonly DiagnosticDescriptor CollectionNamedLikeContext = Error(
        "DOCS028", "Collection property would have the context's name",
        "Context '{0}' would get a property '{0}' for collection type '{1}', but a member cannot have the name of its class; rename the context, or name the collection with [Collection(\"...\")]");

    // SQL checks. A syntax error fails at run time whatever the database holds, so it is an error; a name
    // may exist at run time without the model knowing it (untyped collections, fields written by other
    // code), so unknown names are warnings.
    public static readonly DiagnosticDescriptor SqlSyntaxError = Error(
        "DOCS020", "SQL syntax error",
        "SQL syntax error: expected {0}, found {1}");

    public static readonly DiagnosticDescriptor SqlUnknownCollection = Warning(
        "DOCS021", "Unknown collection in SQL",
        "Unknown collection '{0}' in SQL (collections of {1}: {2})");

    public static readonly DiagnosticDescriptor SqlUnknownField = Warning(
        "DOCS022", "Unknown field in SQL",
        "Unknown field '{0}' in {1}");

    // LINQ checks. A form the run-time translation refuses throws whatever the data, so it is an error;
    // the index advice depends on how much data there will be, so it is a warning.
    public static readonly DiagnosticDescriptor QueryNotTranslatable = Error(
        "DOCS024", "LINQ query expression cannot be translated",
        "'{0}' cannot be translated into a DocStore query: {1}");

    public static readonly DiagnosticDescriptor QueryScansCollection = Warning(
        "DOCS025", "LINQ query reads every document",
        "This query scans every document of '{0}'; {1}");

    public static readonly DiagnosticDescriptor QuerySortsEveryMatch = Warning(
        "DOCS026", "LINQ query sorts every matching document",
        "This query sorts every matching document of '{0}' by '{1}' (no index delivers that order, and there is no Take); {2}");

    public static readonly DiagnosticDescriptor PostgresInexactMember = Warning(
        "DOCS027", "Member PostgreSQL cannot hold exactly",
        "Member '{0}' has type '{1}', which PostgreSQL cannot hold exactly: {2}");

    private static DiagnosticDescriptor Warning(string id, string title, string message) =>
        new(id, title, message, Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: HelpBase + id + ".md");

    private static DiagnosticDescriptor Error(string id, string title, string message, params string[] tags) =>
        new(id, title, message, Category, DiagnosticSeverity.Error, isEnabledByDefault: true,
            helpLinkUri: HelpBase + id + ".md", customTags: tags);
}
