using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using DocStore.Generators.Emit;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// Reads the candidate call sites against the compilation with this generator's own output added: a
/// query starts at a collection property the generator writes (<c>db.People</c>), which the compilation
/// it is given does not have yet, so without it no chain binds.
/// </summary>
internal static class CallSiteScan
{
    public static EquatableArray<CompiledCallSite> Read(
        ImmutableArray<InvocationExpressionSyntax> candidates, bool enabled, ImmutableArray<GeneratedFile> generated, Compilation compilation, CancellationToken cancellationToken)
    {
        if (!enabled || candidates.IsEmpty)
        {
            return EquatableArray<CompiledCallSite>.Empty;
        }

        var options = (CSharpParseOptions)candidates[0].SyntaxTree.Options;
        Compilation whole = compilation.AddSyntaxTrees(generated.Select(f => CSharpSyntaxTree.ParseText(f.Text, options, f.Hint, cancellationToken: cancellationToken)));
        var sites = new List<CompiledCallSite>();
        foreach (IGrouping<SyntaxTree, InvocationExpressionSyntax> file in candidates.GroupBy(c => c.SyntaxTree))
        {
            if (!whole.ContainsSyntaxTree(file.Key))
            {
                continue;
            }

            SemanticModel model = whole.GetSemanticModel(file.Key);
            foreach (InvocationExpressionSyntax call in file)
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (CallSiteReader.Read(call, model, cancellationToken) is { } site)
                {
                    sites.Add(site);
                }
            }
        }

        return new EquatableArray<CompiledCallSite>(sites);
    }
}
