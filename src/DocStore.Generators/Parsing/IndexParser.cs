using System;
using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Diagnostics;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>The <c>[Index]</c> attributes of a collection type, resolved member by member into <see cref="IndexModel"/>s.</summary>
internal sealed class IndexParser(ParseSession session, ObjectParser objects)
{
    /// <summary>
    /// Type-level <c>[Index("A.B", "C")]</c> indexes the given paths; member-level <c>[Index]</c> indexes
    /// the member, followed by any paths it lists (a composite index led by that member).
    /// </summary>
    public List<IndexModel> Parse(ObjectEntry root, Location typeLocation)
    {
        var declared = new List<(AttributeData Attribute, List<(string Path, int ArgumentIndex)> Paths)>();
        foreach (AttributeData attribute in session.Root.GetAttributes().Where(a => IsIndexAttribute(a)))
        {
            declared.Add((attribute, Paths(attribute).Select((p, i) => (p, i)).ToList()));
        }

        foreach (MemberCandidate member in root.Candidates)
        {
            foreach (AttributeData attribute in member.Symbol.GetAttributes().Where(a => IsIndexAttribute(a)))
            {
                var paths = new List<(string, int)> { (member.Symbol.Name, -1) };
                paths.AddRange(Paths(attribute).Select((p, i) => (p, i)));
                declared.Add((attribute, paths));
            }
        }

        var indexes = new List<IndexModel>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach ((AttributeData attribute, List<(string Path, int ArgumentIndex)> paths) in declared)
        {
            session.CancellationToken.ThrowIfCancellationRequested();
            if (ParseIndex(root, attribute, paths, typeLocation) is not { } index)
            {
                continue;
            }

            if (!names.Add(index.Name))
            {
                Location location = NamedArgument(attribute, "Name") is not null
                    ? SourceLocations.NamedArgument(attribute, "Name", typeLocation)
                    : SourceLocations.Attribute(attribute, typeLocation);
                session.Report(DiagnosticDescriptors.DuplicateIndexName, location, session.Root.Name, index.Name);
                continue;
            }

            indexes.Add(index);
        }

        return WithPrefixNames(indexes, names);
    }

    private static bool IsIndexAttribute(AttributeData attribute) => attribute.AttributeClass?.ToDisplayString() == KnownNames.IndexAttribute;

    private static IEnumerable<string> Paths(AttributeData attribute)
    {
        foreach (TypedConstant argument in attribute.ConstructorArguments)
        {
            if (argument.Kind == TypedConstantKind.Array)
            {
                foreach (TypedConstant item in argument.Values)
                {
                    yield return item.Value as string ?? string.Empty;
                }
            }
            else if (argument.Value is string single)
            {
                yield return single;
            }
        }
    }

    private static object? NamedArgument(AttributeData attribute, string name)
    {
        foreach (KeyValuePair<string, TypedConstant> argument in attribute.NamedArguments)
        {
            if (argument.Key == name)
            {
                return argument.Value.Value;
            }
        }

        return null;
    }

    private IndexModel? ParseIndex(ObjectEntry root, AttributeData attribute, List<(string Path, int ArgumentIndex)> paths, Location typeLocation)
    {
        Location attributeLocation = SourceLocations.Attribute(attribute, typeLocation);
        if (paths.Count == 0)
        {
            session.Report(DiagnosticDescriptors.UnresolvedIndexPath, attributeLocation, string.Empty, "a type-level index needs at least one path");
            return null;
        }

        var components = new List<IndexComponent>();
        foreach ((string path, int argumentIndex) in paths)
        {
            Location location = argumentIndex < 0 ? attributeLocation : SourceLocations.PositionalArgument(attribute, argumentIndex, typeLocation);
            if (ResolvePath(root, path, location) is not { } component)
            {
                return null;
            }

            components.Add(component);
        }

        string name = NamedArgument(attribute, "Name") as string ?? string.Concat(components.Select(c => c.Name));
        bool unique = NamedArgument(attribute, "Unique") is true;

        List<IndexComponent> multikey = components.Where(c => c.IsMultikey).ToList();
        if (multikey.Count > 1)
        {
            session.Report(DiagnosticDescriptors.SeveralMultikeyPaths, attributeLocation, name, string.Join("', '", multikey.Select(c => c.Path)));
            return null;
        }

        if (unique && multikey.Count == 1)
        {
            session.Report(DiagnosticDescriptors.UniqueMultikeyIndex, SourceLocations.NamedArgument(attribute, "Unique", typeLocation), name, multikey[0].Path);
            return null;
        }

        if (!SyntaxFactsIsIdentifier(name))
        {
            session.Report(DiagnosticDescriptors.UnresolvedIndexPath, SourceLocations.NamedArgument(attribute, "Name", typeLocation), name, "an index name must be a valid C# identifier");
            return null;
        }

        return new IndexModel(name, unique, components.ToEquatableArray(), EquatableArray<string>.Empty);
    }

    private static bool SyntaxFactsIsIdentifier(string name) => Microsoft.CodeAnalysis.CSharp.SyntaxFacts.IsValidIdentifier(name);

    /// <summary>Resolves <c>Address.City</c> or <c>Tags[]</c> member by member through nested documents.</summary>
    private IndexComponent? ResolvePath(ObjectEntry root, string path, Location location)
    {
        ObjectEntry? current = root;
        var steps = new List<PathStep>();
        TypeShape? value = null;
        string[] segments = path.Split('.');
        for (int i = 0; i < segments.Length; i++)
        {
            string segment = segments[i];
            bool expand = segment.EndsWith("[]", StringComparison.Ordinal);
            string memberName = expand ? segment.Substring(0, segment.Length - 2) : segment;

            if (current is null)
            {
                session.Report(DiagnosticDescriptors.UnresolvedIndexPath, location, path, $"'{segments[i - 1]}' is not a document, so it has no member '{memberName}'");
                return null;
            }

            MemberCandidate? member = current.Candidates.FirstOrDefault(m => m.Symbol.Name == memberName);
            if (member is null)
            {
                session.Report(DiagnosticDescriptors.UnresolvedIndexPath, location, path, $"'{current.Symbol.Name}' has no stored member '{memberName}'");
                return null;
            }

            if (member.Shape is not { } shape)
            {
                return null;
            }

            if (expand && !shape.IsSequence)
            {
                session.Report(DiagnosticDescriptors.UnresolvedIndexPath, location, path, $"'{memberName}' is not an array, list or set, so '[]' does not apply");
                return null;
            }

            if (!expand && shape.IsSequence)
            {
                session.Report(DiagnosticDescriptors.UnresolvedIndexPath, location, path, $"'{memberName}' is a sequence; write '{memberName}[]' to index its elements");
                return null;
            }

            steps.Add(new PathStep(member.Symbol.Name, member.StoredName, shape, expand));
            value = expand ? shape.Element! : shape;
            current = value.Kind == ShapeKind.Object ? objects.Order.First(o => o.Key == value.ObjectKey) : null;
        }

        if (value is null || !value.IsScalar)
        {
            session.Report(DiagnosticDescriptors.UnorderableIndex, location, path, value?.TypeName.Replace("global::", string.Empty) ?? string.Empty);
            return null;
        }

        string name = string.Concat(steps.Select(s => s.MemberName));
        return new IndexComponent(path, name, steps.ToEquatableArray(), value);
    }

    /// <summary>Adds prefix query names to composite indexes, skipping names another index already uses.</summary>
    private static List<IndexModel> WithPrefixNames(List<IndexModel> indexes, HashSet<string> taken)
    {
        var result = new List<IndexModel>();
        foreach (IndexModel index in indexes)
        {
            var prefixes = new List<string>();
            for (int length = 1; length < index.Components.Length; length++)
            {
                string prefix = string.Concat(index.Components.Take(length).Select(c => c.Name));
                if (taken.Add(prefix))
                {
                    prefixes.Add(prefix);
                }
            }

            result.Add(index with { PrefixNames = prefixes.ToEquatableArray() });
        }

        return result;
    }
}
